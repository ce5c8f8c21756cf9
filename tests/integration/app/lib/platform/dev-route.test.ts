import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { db } from '#app/lib/platform/db.server'
import { OutboxMessage } from '#models/index'
import { DEMO_ACCOUNTS, seedDemo } from '#models/seed'
import { routeArgs } from '#tests/support/route-args'

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000)

// The console exists only with an explicit NODE_ENV=development; env.server parses process.env when
// it is imported, so the route is imported afresh after the environment says so.
vi.stubEnv('NODE_ENV', 'development')
vi.resetModules()
// The fresh modules' models are bound by a fresh db.server, on the same database, as entry.server binds them first.
const { db: freshDb } = await import('#app/lib/platform/db.server')
const { loader } = await import('#app/routes/dev')
afterAll(async () => {
  vi.unstubAllEnvs()
  await freshDb.close()
})

beforeAll(async () => {
  await seedDemo()
  await OutboxMessage.create({
    channel: 'sms',
    recipient: '+15550001111',
    text: 'Your Hearth code is 482913',
    meta: { code: '482913' },
    status: 'dev',
    createdAt: minutesAgo(30),
  })
  await OutboxMessage.create({
    channel: 'mail',
    recipient: 'mia@demo.hearth.test',
    subject: 'Sign in to Hearth',
    text: 'Follow the link to sign in',
    meta: { link: 'http://localhost:3000/magic?token=abc' },
    status: 'dev',
    createdAt: minutesAgo(20),
  })
  await OutboxMessage.create({
    channel: 'mail',
    recipient: 'noah@demo.hearth.test',
    subject: 'Welcome',
    text: 'Welcome aboard',
    createdAt: minutesAgo(10),
  })
  // Written without the model, its meta as JSON text: the console must still read the code.
  await db.query(
    `INSERT INTO outbox_messages (id, channel, recipient, text, meta, status, attempts, createdAt, updatedAt)
     VALUES ('raw-outbox-message', 'sms', '+15550002222', 'Code 111222', :meta, 'dev', 0, :at, :at)`,
    { replacements: { meta: JSON.stringify({ code: '111222' }), at: minutesAgo(5) } },
  )
})

describe('dev loader (developer console)', () => {
  it('lists the outbox newest first with the code or link each message carries', async () => {
    const { outbox } = await loader(routeArgs('/dev'))
    expect(
      outbox.map(({ recipient, channel, subject, code, status }) => ({ recipient, channel, subject, code, status })),
    ).toEqual([
      { recipient: '+15550002222', channel: 'sms', subject: null, code: '111222', status: 'dev' },
      { recipient: 'noah@demo.hearth.test', channel: 'mail', subject: 'Welcome', code: null, status: 'pending' },
      {
        recipient: 'mia@demo.hearth.test',
        channel: 'mail',
        subject: 'Sign in to Hearth',
        code: 'http://localhost:3000/magic?token=abc',
        status: 'dev',
      },
      { recipient: '+15550001111', channel: 'sms', subject: null, code: '482913', status: 'dev' },
    ])
    for (const message of outbox) {
      expect(new Date(message.createdAt).toISOString()).toBe(message.createdAt)
      expect(message.id).toEqual(expect.any(String))
    }
  })

  it('lists the seeded accounts with their community and role', async () => {
    const { accounts } = await loader(routeArgs('/dev'))
    expect(accounts).toHaveLength(DEMO_ACCOUNTS.length)
    const byEmail = Object.fromEntries(
      accounts.map(({ emailAddress, name, community, role }) => [emailAddress, { name, community, role }]),
    )
    expect(byEmail).toEqual(
      Object.fromEntries(
        DEMO_ACCOUNTS.map((account) => [
          account.emailAddress,
          { name: account.name, community: 'Hearth Demo', role: account.role },
        ]),
      ),
    )
  })

  it('answers JSON-safe data', async () => {
    const data = await loader(routeArgs('/dev'))
    expect(JSON.parse(JSON.stringify(data))).toEqual(data)
  })
})
