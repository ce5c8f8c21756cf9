import { describe, expect, it } from 'vitest'
import { DEFAULT_DATABASE_URL } from '#models/db'
import { env, parseEnv } from '#app/lib/platform/env.server'

const SECRET = 's'.repeat(32)
const OTHER_SECRET = 'e'.repeat(32)

/** An explicit development environment: the only one that needs no secrets. */
const dev = (source: Record<string, string | undefined> = {}) => parseEnv({ NODE_ENV: 'development', ...source })

function problemsOf(source: Record<string, string | undefined>): string {
  try {
    parseEnv(source)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('parseEnv accepted the environment')
}

describe('parseEnv', () => {
  describe('defaults', () => {
    it('fills in every default for an explicit development environment', () => {
      expect(dev()).toEqual({
        NODE_ENV: 'development',
        PORT: 3000,
        DATABASE_URL: DEFAULT_DATABASE_URL,
        SESSION_SECRET: 'dev-only-session-not-for-production',
        EDGE_SECRET: 'dev-only-edge-not-for-production',
        MAIL_FROM: 'Hearth <no-reply@hearth.localhost>',
        EDGE_PORT: 3001,
        EDGE_PUBLIC_URL: 'http://localhost:3001',
        BENCH: '0',
        LOG_LEVEL: 'info',
        METRICS_HOST: '127.0.0.1',
        PUBLIC_URL: 'http://localhost:3000',
        CODES_PER_ADDRESS_PER_HOUR: 20,
        CODE_CHECKS_PER_ADDRESS_PER_15_MIN: 30,
        CODES_PER_ACCOUNT_PER_DAY: 20,
        EDGE_PASSES_PER_ADDRESS_PER_10_MIN: 300,
        API_CALLS_PER_TOKEN_PER_MINUTE: 300,
        LIVE_STREAMS_PER_ADDRESS: 100,
        LIVE_STREAMS_PER_USER: 20,
        LIVE_STREAMS_PER_PROCESS: 2000,
        MEDIA_DIR: 'data/media',
        S3_REGION: 'us-east-1',
        storage: { kind: 'disk', directory: 'data/media' },
        MODERATION_PROVIDER: 'lexicon',
        MODERATION_TIMEOUT_MS: 2000,
        sms: null,
        oauthProviders: [],
        isProduction: false,
        isDevelopment: true,
      })
    })

    it('treats an empty variable as unset', () => {
      expect(dev({ REDIS_URL: '', SMTP_URL: '' })).toMatchObject({ REDIS_URL: undefined, SMTP_URL: undefined })
    })

    it('takes an SMS provider only when all four of its variables are set', () => {
      const sms = {
        SMS_API_URL: 'http://127.0.0.1:9/2010-04-01/',
        SMS_ACCOUNT_SID: 'AC1',
        SMS_AUTH_TOKEN: 'secret',
        SMS_FROM: '+15550001111',
      }
      expect(dev(sms).sms).toEqual({
        apiUrl: 'http://127.0.0.1:9/2010-04-01',
        accountSid: 'AC1',
        authToken: 'secret',
        from: '+15550001111',
      })
      expect(() => dev({ SMS_API_URL: sms.SMS_API_URL })).toThrow(/set all four or none/)
    })

    it('reads each named OAuth provider and lists what a provider lacks', () => {
      const provider = {
        OAUTH_PROVIDERS: 'acme',
        OAUTH_ACME_CLIENT_ID: 'id',
        OAUTH_ACME_CLIENT_SECRET: 'secret',
        OAUTH_ACME_AUTHORIZE_URL: 'http://127.0.0.1:9/authorize',
        OAUTH_ACME_TOKEN_URL: 'http://127.0.0.1:9/token',
        OAUTH_ACME_USERINFO_URL: 'http://127.0.0.1:9/userinfo',
      }
      expect(dev(provider).oauthProviders).toEqual([
        {
          name: 'acme',
          label: 'Acme',
          clientId: 'id',
          clientSecret: 'secret',
          authorizeUrl: 'http://127.0.0.1:9/authorize',
          tokenUrl: 'http://127.0.0.1:9/token',
          userInfoUrl: 'http://127.0.0.1:9/userinfo',
          scopes: ['openid', 'email', 'profile'],
        },
      ])
      expect(() => dev({ ...provider, OAUTH_ACME_TOKEN_URL: '' })).toThrow(/OAUTH_ACME_\*: missing TOKEN_URL/)
    })

    it('uses a SQLite file by default', () => {
      expect(DEFAULT_DATABASE_URL).toBe('sqlite:data/hearth.sqlite')
    })

    it('derives the edge URL from EDGE_PORT when it is not given', () => {
      expect(dev({ EDGE_PORT: '4100' }).EDGE_PUBLIC_URL).toBe('http://localhost:4100')
      expect(dev({ EDGE_PORT: '4100', EDGE_PUBLIC_URL: 'https://edge.example' }).EDGE_PUBLIC_URL).toBe(
        'https://edge.example',
      )
    })

    it('reads numbers from strings', () => {
      const parsed = dev({ PORT: '8080', EDGE_PORT: '8081' })
      expect(parsed.PORT).toBe(8080)
      expect(parsed.EDGE_PORT).toBe(8081)
    })

    it('keeps secrets it is given in development', () => {
      const parsed = dev({ SESSION_SECRET: SECRET, EDGE_SECRET: OTHER_SECRET })
      expect(parsed.SESSION_SECRET).toBe(SECRET)
      expect(parsed.EDGE_SECRET).toBe(OTHER_SECRET)
    })

    it('parses the environment at import time', () => {
      expect(env.NODE_ENV).toBe('test')
      expect(env.isProduction).toBe(false)
      expect(env.isDevelopment).toBe(false)
      // vitest.config.ts gives every test process its own secrets, never the development ones.
      expect(env.SESSION_SECRET).toBe(process.env.SESSION_SECRET)
      expect(env.SESSION_SECRET).not.toMatch(/^dev-only-/)
    })
  })

  describe('production', () => {
    it('requires SESSION_SECRET and EDGE_SECRET, and names both', () => {
      const message = problemsOf({ NODE_ENV: 'production' })
      expect(message).toMatch(/^Invalid environment:/)
      expect(message).toContain('SESSION_SECRET: is required unless NODE_ENV=development')
      expect(message).toContain('EDGE_SECRET: is required unless NODE_ENV=development')
    })

    it('is what an unset NODE_ENV means, and a test NODE_ENV needs the secrets too (fail closed)', () => {
      for (const source of [{}, { NODE_ENV: 'test' }]) {
        const message = problemsOf(source)
        expect(message, JSON.stringify(source)).toContain('SESSION_SECRET: is required unless NODE_ENV=development')
        expect(message, JSON.stringify(source)).toContain('EDGE_SECRET: is required unless NODE_ENV=development')
      }
      const parsed = parseEnv({ SESSION_SECRET: SECRET, EDGE_SECRET: OTHER_SECRET })
      expect(parsed).toMatchObject({ NODE_ENV: 'production', isProduction: true, isDevelopment: false })
      expect(parseEnv({ NODE_ENV: 'test', SESSION_SECRET: SECRET, EDGE_SECRET: OTHER_SECRET }).isDevelopment).toBe(
        false,
      )
    })

    it('requires EDGE_SECRET even when SESSION_SECRET is set', () => {
      const message = problemsOf({ NODE_ENV: 'production', SESSION_SECRET: SECRET })
      expect(message).toContain('EDGE_SECRET')
      expect(message).not.toContain('SESSION_SECRET')
    })

    it('rejects secrets shorter than 32 characters', () => {
      const message = problemsOf({
        NODE_ENV: 'production',
        SESSION_SECRET: 's'.repeat(31),
        EDGE_SECRET: 'e'.repeat(31),
      })
      expect(message).toContain('SESSION_SECRET')
      expect(message).toContain('EDGE_SECRET')
    })

    it('accepts secrets of exactly 32 characters and never falls back to the development ones', () => {
      const parsed = parseEnv({ NODE_ENV: 'production', SESSION_SECRET: SECRET, EDGE_SECRET: OTHER_SECRET })
      expect(parsed.isProduction).toBe(true)
      expect(parsed.SESSION_SECRET).toBe(SECRET)
      expect(parsed.EDGE_SECRET).toBe(OTHER_SECRET)
    })

    it('rejects short secrets outside production too', () => {
      expect(problemsOf({ NODE_ENV: 'development', SESSION_SECRET: 'short' })).toContain('SESSION_SECRET')
    })
  })

  describe('DATABASE_URL', () => {
    it('accepts sqlite, mysql and mariadb URLs', () => {
      expect(dev({ DATABASE_URL: 'sqlite::memory:' }).DATABASE_URL).toBe('sqlite::memory:')
      expect(dev({ DATABASE_URL: 'sqlite:data/test.sqlite' }).DATABASE_URL).toBe('sqlite:data/test.sqlite')
      expect(dev({ DATABASE_URL: 'mysql://u:p@db:3306/hearth' }).DATABASE_URL).toBe('mysql://u:p@db:3306/hearth')
      expect(dev({ DATABASE_URL: 'mariadb://u:p@db/hearth' }).DATABASE_URL).toBe('mariadb://u:p@db/hearth')
    })

    it('rejects other databases with a clear message', () => {
      const message = problemsOf({ NODE_ENV: 'development', DATABASE_URL: 'postgres://u:p@db/hearth' })
      expect(message).toBe('Invalid environment:\n  DATABASE_URL: must start with sqlite: or mysql://')
    })

    it('does not echo the rejected URL, which may hold a password', () => {
      expect(problemsOf({ NODE_ENV: 'development', DATABASE_URL: 'postgres://u:hunter2@db/hearth' })).not.toContain(
        'hunter2',
      )
    })

    it('rejects a near miss', () => {
      expect(problemsOf({ NODE_ENV: 'development', DATABASE_URL: 'mysql:/db' })).toContain('DATABASE_URL')
      expect(problemsOf({ NODE_ENV: 'development', DATABASE_URL: 'SQLITE:data.db' })).toContain('DATABASE_URL')
    })
  })

  describe('media storage (S3_*)', () => {
    const S3 = { S3_BUCKET: 'hearth-media', S3_ACCESS_KEY_ID: 'AKIDEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret-key' }

    it('keeps files in MEDIA_DIR without S3_BUCKET', () => {
      expect(dev({ MEDIA_DIR: '/srv/media' }).storage).toEqual({ kind: 'disk', directory: '/srv/media' })
      expect(dev({ S3_BUCKET: '' }).storage.kind).toBe('disk')
    })

    it('keeps them in Amazon S3 with S3_BUCKET: us-east-1, virtual-hosted addresses, no prefix', () => {
      expect(dev(S3).storage).toEqual({
        kind: 's3',
        bucket: 'hearth-media',
        region: 'us-east-1',
        endpoint: undefined,
        forcePathStyle: false,
        credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret-key' },
        prefix: undefined,
      })
    })

    it('uses path-style addresses with an endpoint, unless told otherwise, and drops the prefix’s last slash', () => {
      const minio = dev({
        ...S3,
        S3_ENDPOINT: 'http://minio.internal:9000',
        S3_REGION: 'eu-west-3',
        S3_PREFIX: 'hearth/prod/',
      })
      expect(minio.storage).toMatchObject({
        kind: 's3',
        endpoint: 'http://minio.internal:9000',
        region: 'eu-west-3',
        forcePathStyle: true,
        prefix: 'hearth/prod',
      })
      expect(dev({ ...S3, S3_ENDPOINT: 'https://s3.example.com', S3_FORCE_PATH_STYLE: 'false' }).storage).toMatchObject(
        { forcePathStyle: false },
      )
      expect(dev({ ...S3, S3_FORCE_PATH_STYLE: 'true' }).storage).toMatchObject({ forcePathStyle: true })
    })

    it("leaves the credentials to the SDK's default chain when neither key is set", () => {
      expect(dev({ S3_BUCKET: 'hearth-media' }).storage).toMatchObject({ kind: 's3', credentials: undefined })
    })

    it('refuses one key without the other, and other S3_* variables without a bucket', () => {
      expect(problemsOf({ NODE_ENV: 'development', S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'id' })).toContain(
        'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither',
      )
      expect(problemsOf({ NODE_ENV: 'development', S3_SECRET_ACCESS_KEY: 'secret' })).toContain(
        'S3_BUCKET: is required with S3_SECRET_ACCESS_KEY',
      )
      expect(
        problemsOf({ NODE_ENV: 'development', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_PREFIX: 'hearth' }),
      ).toContain('S3_BUCKET: is required with S3_ENDPOINT, S3_PREFIX')
    })

    it('refuses values of the wrong shape, without echoing the secret', () => {
      const message = problemsOf({
        NODE_ENV: 'development',
        S3_BUCKET: 's3://hearth-media',
        S3_ENDPOINT: 'minio:9000',
        S3_REGION: 'US East',
        S3_FORCE_PATH_STYLE: 'yes',
        S3_PREFIX: '../escape',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'hunter2',
      })
      for (const key of ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'])
        expect(message, key).toContain(`  ${key}: `)
      expect(message).not.toContain('hunter2')
      expect(problemsOf({ NODE_ENV: 'development', S3_BUCKET: 'hearth', S3_ENDPOINT: 'ftp://store' })).toContain(
        'S3_ENDPOINT: must be an http:// or https:// URL',
      )
      expect(problemsOf({ NODE_ENV: 'development', S3_BUCKET: 'hearth', S3_PREFIX: 'a/./b' })).toContain('S3_PREFIX')
    })

    it('lists a storage problem beside the missing secrets in production', () => {
      const message = problemsOf({ NODE_ENV: 'production', S3_ACCESS_KEY_ID: 'id' })
      for (const key of ['SESSION_SECRET', 'EDGE_SECRET', 'S3_BUCKET', 'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY'])
        expect(message, key).toContain(`  ${key}: `)
    })
  })

  describe('other values', () => {
    it('rejects an unknown NODE_ENV', () => {
      expect(problemsOf({ NODE_ENV: 'staging' })).toContain('NODE_ENV')
    })

    it('rejects ports that are not positive integers', () => {
      expect(problemsOf({ PORT: 'abc' })).toContain('PORT')
      expect(problemsOf({ PORT: '-1' })).toContain('PORT')
      expect(problemsOf({ PORT: '80.5' })).toContain('PORT')
      expect(problemsOf({ EDGE_PORT: '0' })).toContain('EDGE_PORT')
    })

    it('rejects URLs that are not URLs', () => {
      expect(problemsOf({ REDIS_URL: 'not a url' })).toContain('REDIS_URL')
      expect(problemsOf({ SMTP_URL: 'nope' })).toContain('SMTP_URL')
      expect(problemsOf({ EDGE_PUBLIC_URL: 'edge' })).toContain('EDGE_PUBLIC_URL')
    })

    it('accepts only the known log levels and BENCH flags', () => {
      expect(dev({ LOG_LEVEL: 'debug' }).LOG_LEVEL).toBe('debug')
      expect(problemsOf({ LOG_LEVEL: 'verbose' })).toContain('LOG_LEVEL')
      expect(dev({ BENCH: '1' }).BENCH).toBe('1')
      expect(problemsOf({ BENCH: 'yes' })).toContain('BENCH')
    })

    it('takes a metrics port in range, or none', () => {
      expect(dev({ METRICS_PORT: '9101' }).METRICS_PORT).toBe(9101)
      expect(dev({ METRICS_PORT: '' }).METRICS_PORT).toBeUndefined()
      expect(problemsOf({ METRICS_PORT: '70000' })).toContain('METRICS_PORT')
      expect(problemsOf({ METRICS_PORT: 'x' })).toContain('METRICS_PORT')
    })

    it('lists every problem at once, one per line', () => {
      // BUG (app/lib/platform/env.server.ts, schema): the production check lives in .superRefine(), which zod
      // skips when a field fails its own type check (PORT "x" -> NaN, or an unknown LOG_LEVEL). So
      // { NODE_ENV: 'production', PORT: 'x' } reports only PORT; the missing SESSION_SECRET and
      // EDGE_SECRET appear only on the next start, although parseEnv promises every problem at once.
      // (A DATABASE_URL failure alone does not hide them: it is a refine, not a type error.)
      const message = problemsOf({ NODE_ENV: 'production', PORT: 'x', DATABASE_URL: 'oracle://db' })
      const lines = message.split('\n')
      expect(lines[0]).toBe('Invalid environment:')
      for (const key of ['PORT', 'DATABASE_URL', 'SESSION_SECRET', 'EDGE_SECRET']) {
        expect(
          lines.some((line) => line.startsWith(`  ${key}: `)),
          key,
        ).toBe(true)
      }
    })
  })
})
