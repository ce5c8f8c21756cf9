// Housekeeping: expired rows are pruned by a job anyone can call, safely from
// several processes at once; and looking at pages anonymously leaves no session row behind.
import { Op } from 'sequelize'
import { beforeAll, describe, expect, it } from 'vitest'
import { AuthCode, MagicLink, OutboxMessage, RateLimit, Session, User } from '#models/index'
import {
  DELIVERED_OUTBOX_RETENTION_MS,
  EXPIRED_LINK_RETENTION_MS,
  pruneExpired,
  startHousekeeping,
} from '#app/lib/platform/housekeeping.server'
import { loader as rootLoader } from '#app/root'
import { loader as brandLoader } from '#app/routes/$brand'
import { loader as brandHomeLoader } from '#app/routes/$brand._community._index'
import { loader as roomLoader } from '#app/routes/$brand.$room/route'
import { loader as homeLoader } from '#app/routes/_index'
import { loader as callbackLoader } from '#app/routes/callback'
import { loader as communitiesLoader } from '#app/routes/communities/route'
import { loader as meLoader } from '#app/routes/me._index/route'
import { loader as magicLinkLoader } from '#app/routes/ml.$id'
import { loader as privateLoader } from '#app/routes/private'
import { loader as registerLoader } from '#app/routes/register._index/route'
import { loader as claimLoader } from '#app/routes/register.room/route'
import { loader as signInLoader } from '#app/routes/sign-in/route'
import { seedDemo } from '#models/seed'
import { TestBrowser } from '#tests/support/browser'

const HOUR = 3600 * 1000
const ago = (ms: number) => new Date(Date.now() - ms)
const ahead = (ms: number) => new Date(Date.now() + ms)

describe('pruneExpired', () => {
  it('deletes expired sessions, codes, rate-limit windows, old links and old delivered mail, and nothing live', async () => {
    const user = await User.create({ name: 'Pru Housekeeper', emailAddress: 'pru@example.test' })
    const live = {
      session: await Session.create({ data: {}, expiresAt: ahead(HOUR) }),
      code: await AuthCode.create({ id: 'a'.repeat(64), expiresAt: ahead(HOUR) }),
      link: await MagicLink.create({ userId: user.id, destinationUrl: '/me', expiresAt: ahead(HOUR) }),
      // Expired, but recently: a late click still gets "sign in and go there?".
      recentLink: await MagicLink.create({ userId: user.id, destinationUrl: '/me', expiresAt: ago(HOUR) }),
      limit: await RateLimit.create({ key: 'rl:live', count: 1, resetAt: ahead(HOUR) }),
      recentMail: await OutboxMessage.create({
        channel: 'mail',
        recipient: 'pru@example.test',
        text: 'hi',
        status: 'sent',
        sentAt: ago(HOUR),
      }),
      pending: await OutboxMessage.create({
        channel: 'mail',
        recipient: 'pru@example.test',
        text: 'hi',
        status: 'failed',
        createdAt: ago(30 * 24 * HOUR),
      }),
    }
    const dead = {
      session: await Session.create({ data: {}, expiresAt: ago(1000) }),
      code: await AuthCode.create({ id: 'b'.repeat(64), expiresAt: ago(1000) }),
      link: await MagicLink.create({
        userId: user.id,
        destinationUrl: '/me',
        expiresAt: ago(EXPIRED_LINK_RETENTION_MS + HOUR),
      }),
      limit: await RateLimit.create({ key: 'rl:dead', count: 9, resetAt: ago(1000) }),
      mail: await OutboxMessage.create({
        channel: 'sms',
        recipient: '+14155550100',
        text: 'hi',
        status: 'sent',
        sentAt: ago(DELIVERED_OUTBOX_RETENTION_MS + HOUR),
      }),
    }

    // Three processes at once: each deletes what it finds, none fails, the total is each row once.
    const runs = await Promise.all([pruneExpired(), pruneExpired(), pruneExpired()])
    const total = (key: keyof (typeof runs)[number]) => runs.reduce((sum, run) => sum + run[key], 0)
    expect({
      sessions: total('sessions'),
      authCodes: total('authCodes'),
      magicLinks: total('magicLinks'),
      rateLimits: total('rateLimits'),
      outbox: total('outbox'),
    }).toEqual({
      sessions: 1,
      authCodes: 1,
      magicLinks: 1,
      rateLimits: 1,
      outbox: 1,
    })

    for (const row of Object.values(dead))
      expect(
        await row.reload().then(
          () => 'still there',
          () => 'gone',
        ),
      ).toBe('gone')
    for (const row of Object.values(live))
      expect(
        await row.reload().then(
          () => 'still there',
          () => 'gone',
        ),
      ).toBe('still there')
    expect(await pruneExpired()).toEqual({ sessions: 0, authCodes: 0, magicLinks: 0, rateLimits: 0, outbox: 0 })
  })

  it('runs on an unref’d timer that the web server starts and can stop', async () => {
    await Session.create({ data: {}, expiresAt: ago(1000) })
    const stop = startHousekeeping(20)
    try {
      await expect
        .poll(() => Session.count({ where: { expiresAt: { [Op.lte]: new Date() } } }), { timeout: 5_000 })
        .toBe(0)
    } finally {
      stop()
    }
  })
})

describe('anonymous visits', () => {
  beforeAll(async () => {
    await seedDemo()
  })

  it('leave the sessions table empty: looking at pages writes nothing', async () => {
    await Session.destroy({ where: {} })
    const pages: Array<{ path: string; params?: Record<string, string>; loaders: Array<(args: never) => unknown> }> = [
      { path: '/', loaders: [rootLoader, homeLoader] },
      { path: '/demo', params: { brand: 'demo' }, loaders: [rootLoader, brandLoader, brandHomeLoader] },
      { path: '/demo/hub', params: { brand: 'demo', room: 'hub' }, loaders: [rootLoader, roomLoader] },
      { path: '/sign-in?redirectTo=%2Fdemo', loaders: [rootLoader, signInLoader] },
      { path: '/register', loaders: [rootLoader, registerLoader] },
      { path: '/register/room', loaders: [rootLoader, claimLoader] },
      { path: '/communities', loaders: [rootLoader, communitiesLoader] },
      { path: '/private?redirectTo=%2Fdemo', loaders: [rootLoader, privateLoader] },
      { path: '/me', loaders: [rootLoader, meLoader] },
      { path: '/callback?aj=1&bex=1&r=%2Fdemo', loaders: [rootLoader, callbackLoader] },
      { path: '/ml/no-such-link', params: { id: 'no-such-link' }, loaders: [rootLoader, magicLinkLoader] },
    ]
    for (let visit = 0; visit < 3; visit++) {
      for (const page of pages) {
        const browser = new TestBrowser()
        for (const loader of page.loaders) {
          const outcome = await browser
            .run(loader as never, page.path, { params: page.params ?? {} })
            .catch((error: unknown) => error)
          expect(outcome instanceof Error ? outcome.message : null, page.path).toBeNull()
          // A guest's signed __guest cookie (the room page) holds no row: only a session cookie would.
          expect(await browser.sessionId(), `${page.path} set a session cookie`).toBeNull()
        }
      }
    }
    expect(await Session.count()).toBe(0)
  })
})
