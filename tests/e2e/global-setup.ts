// A real SMTP server on loopback for the whole run: the e2e web server (start-server.mjs) sends its
// mail there (SMTP_URL), and every message received is written as a JSON file into E2E_MAIL_DIR,
// where the tests read sign-in codes (support.ts, readCodeFromMail). Playwright calls the function
// this returns when the run ends.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startOAuthProvider } from '../support/oauth-provider'
import { startSmtpServer } from '../support/smtp-server'
import { startSpeechServer } from '../support/speech-server'
import { E2E_HELIX, startHelixServer } from '../support/helix-server'

/** One received message as the tests read it back. */
export type StoredMail = {
  /** Order of arrival over the whole run, from 1. */
  seq: number
  receivedAt: string
  to: string[]
  subject: string
  text: string | null
  html: string | null
  /** The whole message as received, for what text and html leave out (attachments). */
  raw: string
}

export default async function globalSetup() {
  const directory = process.env.E2E_MAIL_DIR
  const port = Number(process.env.E2E_SMTP_PORT)
  if (!directory || !port) throw new Error('playwright.config.ts sets E2E_MAIL_DIR and E2E_SMTP_PORT')
  rmSync(directory, { recursive: true, force: true })
  mkdirSync(directory, { recursive: true })

  let seq = 0
  const smtp = await startSmtpServer({
    port,
    onMessage: (mail) => {
      seq += 1
      const stored: StoredMail = {
        seq,
        receivedAt: new Date().toISOString(),
        to: mail.envelope.to.map((address) => address.toLowerCase()),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        raw: mail.raw,
      }
      // Written under a temporary name and renamed, so a reader never sees half a file.
      const name = `${String(seq).padStart(6, '0')}.json`
      writeFileSync(join(directory, `.${name}.tmp`), JSON.stringify(stored))
      renameSync(join(directory, `.${name}.tmp`), join(directory, name))
    },
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE')
      throw new Error(`E2E SMTP port ${port} is in use: set E2E_SMTP_PORT to a free port`)
    throw error
  })

  // The loopback OAuth2/OIDC provider the web server's `loopback` sign-in goes to (start-server.mjs).
  const oauthPort = Number(process.env.E2E_OAUTH_PORT)
  const oauth = await startOAuthProvider(oauthPort).catch(async (error: NodeJS.ErrnoException) => {
    await smtp.close()
    if (error.code === 'EADDRINUSE')
      throw new Error(`E2E OAuth port ${oauthPort} is in use: set E2E_OAUTH_PORT to a free port`)
    throw error
  })

  // The speech service captions stream to (the edge gets its address from start-server.mjs).
  const speechPort = Number(process.env.E2E_SPEECH_PORT)
  const speech = await startSpeechServer(speechPort).catch(async (error: NodeJS.ErrnoException) => {
    await Promise.all([oauth.close(), smtp.close()])
    if (error.code === 'EADDRINUSE')
      throw new Error(`E2E speech port ${speechPort} is in use: set E2E_SPEECH_PORT to a free port`)
    throw error
  })

  // The live stream's viewer count service (the edge gets its address and credentials from start-server.mjs):
  // the e2e channel has a fixed audience.
  const helixPort = Number(process.env.E2E_HELIX_PORT)
  const helix = await startHelixServer({ ...E2E_HELIX.credentials }, helixPort).catch(
    async (error: NodeJS.ErrnoException) => {
      await Promise.all([speech.close(), oauth.close(), smtp.close()])
      if (error.code === 'EADDRINUSE')
        throw new Error(`E2E Helix port ${helixPort} is in use: set E2E_HELIX_PORT to a free port`)
      throw error
    },
  )
  helix.live.set(E2E_HELIX.channel, E2E_HELIX.viewers)

  return async () => {
    await helix.close()
    await speech.close()
    await oauth.close()
    await smtp.close()
    rmSync(directory, { recursive: true, force: true })
  }
}
