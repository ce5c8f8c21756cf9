// A failure nobody handled, in a real process on the production build: logged with its request's id,
// and only an uncaught exception ends the process (its supervisor starts a fresh one).
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { ensureBuild, serverEnv } from '#tests/bench/server.mjs'

const root = fileURLToPath(new URL('../../../..', import.meta.url))

/** Runs `failure` inside request `req-…`'s context in a process that loaded the build and watches as server.js does. */
function runFailing(failure: string) {
  const script = `
    const { pino } = await import('pino')
    const { entry } = await import(${JSON.stringify(`${root}build/index.js`)})
    entry.module.watchProcessErrors(pino())
    entry.module.requestContext.run('req-0123456789', () => setTimeout(() => { ${failure} }, 0))
    setTimeout(() => console.log('still serving'), 300)
  `
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    env: { ...serverEnv(process.env.DATABASE_URL!, 3000), LOG_LEVEL: 'info' } as NodeJS.ProcessEnv,
    encoding: 'utf8',
    timeout: 30_000,
  })
  const lines = result.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg: string; reqId?: string; err?: { message: string } })
  return { status: result.status, stdout: result.stdout, lines }
}

describe('failures nobody handled', () => {
  beforeAll(() => void ensureBuild(root), 180_000)

  it('logs a rejection nobody awaited with its request id, and the process goes on', () => {
    const { status, stdout, lines } = runFailing("Promise.reject(new Error('nobody awaited me'))")
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'unhandled rejection',
        reqId: 'req-0123456789',
        err: expect.objectContaining({ message: 'nobody awaited me' }),
      }),
    )
    expect(stdout).toContain('still serving')
    expect(status).toBe(0)
  })

  it('logs an uncaught exception with its request id, then ends the process', () => {
    const { status, stdout, lines } = runFailing("throw new Error('nobody caught me')")
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'uncaught exception',
        reqId: 'req-0123456789',
        err: expect.objectContaining({ message: 'nobody caught me' }),
      }),
    )
    expect(stdout).not.toContain('still serving')
    expect(status).toBe(1)
  })
})
