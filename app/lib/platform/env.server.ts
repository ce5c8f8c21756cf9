import { existsSync } from 'node:fs'
import { z } from 'zod'
import { DEV_EDGE_SECRET } from '#edge/contract/token'
import { DEFAULT_DATABASE_URL, isDatabaseUrl } from '#models/db'
import { S3_ENV, storageProblems, storageSettings } from '#models/storage-from-env'

/**
 * Required everywhere but an explicit NODE_ENV=development: a deployed process whose NODE_ENV is
 * unset, mistyped away or `test` must not sign sessions and edge passes with the public
 * development values below.
 */
const SECRETS_REQUIRED_OUTSIDE_DEVELOPMENT = ['SESSION_SECRET', 'EDGE_SECRET'] as const

const devSecret = (name: string) => `dev-only-${name}-not-for-production`

/** An empty variable (`REDIS_URL=`) means unset, as it does in a shell. */
const optional = <T extends z.ZodTypeAny>(type: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), type.optional())

const OAUTH_NAME = /^[a-z][a-z0-9]{1,31}$/

/**
 * Social sign-in providers: OAUTH_PROVIDERS=name,name2 and, for each, OAUTH_<NAME>_CLIENT_ID,
 * _CLIENT_SECRET, _AUTHORIZE_URL, _TOKEN_URL, _USERINFO_URL, and optionally _LABEL and _SCOPES.
 */
function parseOAuthProviders(source: Record<string, string | undefined>, problems: string[]) {
  const names = (source.OAUTH_PROVIDERS ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean)
  return names.flatMap((name) => {
    const prefix = `OAUTH_${name.toUpperCase()}_`
    const read = (key: string) => source[prefix + key] || undefined
    const provider = {
      name,
      label: read('LABEL') ?? name.charAt(0).toUpperCase() + name.slice(1),
      clientId: read('CLIENT_ID'),
      clientSecret: read('CLIENT_SECRET'),
      authorizeUrl: read('AUTHORIZE_URL'),
      tokenUrl: read('TOKEN_URL'),
      userInfoUrl: read('USERINFO_URL'),
      scopes: (read('SCOPES') ?? 'openid email profile').split(/[\s,]+/).filter(Boolean),
    }
    const missing = (['clientId', 'clientSecret', 'authorizeUrl', 'tokenUrl', 'userInfoUrl'] as const).filter(
      (key) => !provider[key],
    )
    if (!OAUTH_NAME.test(name)) problems.push(`OAUTH_PROVIDERS: "${name}" must be 2-32 lower-case letters or digits`)
    if (missing.length)
      problems.push(
        `${prefix}*: missing ${missing.map((key) => key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()).join(', ')}`,
      )
    // Every URL and secret checked above, so none is undefined (Required<> would keep `| undefined`).
    return missing.length ? [] : [provider as { [K in keyof typeof provider]: NonNullable<(typeof provider)[K]> }]
  })
}

const schema = z
  .object({
    // Unset means production (fail closed): development is something a developer asks for.
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().positive().default(3000),
    // The address server.js listens on: unset, every interface; 127.0.0.1 when a proxy on the same host is the
    // way in (the server install sets it), so the process cannot be reached past the proxy.
    LISTEN_HOST: optional(z.string().min(1)),
    DATABASE_URL: z.string().default(DEFAULT_DATABASE_URL).refine(isDatabaseUrl, 'must start with sqlite: or mysql://'),
    // The address people reach the web app at, for links in mail and SMS.
    PUBLIC_URL: optional(z.string().url()),
    REDIS_URL: optional(z.string().url()),
    SESSION_SECRET: optional(z.string().min(32)),
    EDGE_SECRET: optional(z.string().min(32)),
    SMTP_URL: optional(z.string().url()),
    MAIL_FROM: z.string().default('Hearth <no-reply@hearth.localhost>'),
    // A Twilio-compatible SMS API: POST {SMS_API_URL}/Accounts/{SID}/Messages.json with basic auth.
    SMS_API_URL: optional(z.string().url()),
    SMS_ACCOUNT_SID: optional(z.string()),
    SMS_AUTH_TOKEN: optional(z.string()),
    SMS_FROM: optional(z.string()),
    EDGE_PORT: z.coerce.number().int().positive().default(3001),
    EDGE_PUBLIC_URL: optional(z.string().url()),
    // Sign-in codes one client address may request per hour (a shared office needs more than a home).
    CODES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(20),
    // Codes one account may be sent in a day, whatever the address (email or phone) and the flow
    // (sign-in, sign-up, address change): a cap on what any number of client addresses can cost it.
    CODES_PER_ACCOUNT_PER_DAY: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number().int().positive().default(20),
    ),
    // Codes one client address may check (sign-in, sign-up, address change) per 15 minutes.
    CODE_CHECKS_PER_ADDRESS_PER_15_MIN: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number().int().positive().default(30),
    ),
    // Meeting passes one client address may be issued per 10 minutes (room page loads and reconnects).
    // One person uses a pass per page load and at most one per reconnect attempt (five per drop): a
    // connection dropping every minute spends about 60. 300 leaves that for a few people behind one
    // address at once (an office, a classroom's NAT) and still stops a script minting passes (and
    // guest peers) without end.
    EDGE_PASSES_PER_ADDRESS_PER_10_MIN: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number().int().positive().default(300),
    ),
    // JSON API calls one personal access token may make per minute (docs/api.md#tokens): a sync script
    // pages through a community's lists at a few calls a second; a runaway loop is stopped within the minute.
    API_CALLS_PER_TOKEN_PER_MINUTE: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number().int().positive().default(300),
    ),
    // Live streams (the feed's, messages' and notifications' server-sent events) open at once in one
    // web process (app/lib/http/stream-caps.server.ts): per client address (an IPv6 client by its /64),
    // per signed-in person, and in all. A tab holds one or two (the header's notifications and its
    // page's feed or messages); 100 leaves room for an office of fifty behind one address, 20 for a person's
    // ten tabs and devices. Each stream holds a file descriptor: keep the process's total well under `ulimit -n`.
    LIVE_STREAMS_PER_ADDRESS: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number().int().positive().default(100),
    ),
    LIVE_STREAMS_PER_USER: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number().int().positive().default(20),
    ),
    LIVE_STREAMS_PER_PROCESS: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number().int().positive().default(2000),
    ),
    // Every uploaded file (the media library's, messages' files and videos; app/lib/media/storage.server.ts),
    // relative to the working directory. Message files kept before migration 0021 are moved here from
    // MESSAGE_FILES_DIR (read by that migration only).
    MEDIA_DIR: z.string().min(1).default('data/media'),
    // With S3_BUCKET, every one of those files (and profile pictures and banners) is kept in an S3-compatible
    // bucket instead of MEDIA_DIR: S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY,
    // S3_FORCE_PATH_STYLE, S3_PREFIX, read by the same rules as the media edge's (models/storage-from-env.ts).
    ...S3_ENV,
    // Serves the benchmarks' bare route (/_bench) in production; see tests/bench.
    BENCH: z.enum(['0', '1']).default('0'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Prometheus metrics on a port of their own (server.js), unset: none. Loopback by default: only the
    // operator's scraper should reach them, never the public port or the load balancer.
    METRICS_PORT: optional(z.coerce.number().int().min(1).max(65535)),
    METRICS_HOST: z.string().default('127.0.0.1'),
    // Post toxicity moderation (app/lib/moderation): the built-in word lists, or a hosted classifier
    // speaking Perspective's comments:analyze protocol at MODERATION_API_URL (Google's by default)
    // with MODERATION_API_KEY. A classifier slower than the timeout is replaced by the word lists.
    MODERATION_PROVIDER: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(['lexicon', 'perspective']).default('lexicon'),
    ),
    MODERATION_API_URL: optional(z.string().url()),
    MODERATION_API_KEY: optional(z.string()),
    MODERATION_TIMEOUT_MS: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number().int().min(100).max(30_000).default(2000),
    ),
  })
  .transform((env) => ({
    ...env,
    // Only reached without a secret in development: parseEnv refuses a missing one anywhere else.
    SESSION_SECRET: env.SESSION_SECRET ?? devSecret('session'),
    EDGE_SECRET: env.EDGE_SECRET ?? DEV_EDGE_SECRET,
    EDGE_PUBLIC_URL: env.EDGE_PUBLIC_URL ?? `http://localhost:${env.EDGE_PORT}`,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    sms:
      env.SMS_API_URL && env.SMS_ACCOUNT_SID && env.SMS_AUTH_TOKEN && env.SMS_FROM
        ? {
            apiUrl: env.SMS_API_URL.replace(/\/$/, ''),
            accountSid: env.SMS_ACCOUNT_SID,
            authToken: env.SMS_AUTH_TOKEN,
            from: env.SMS_FROM,
          }
        : null,
    /** Where uploaded files are kept: S3 with S3_BUCKET, MEDIA_DIR otherwise (app/lib/media/storage.server.ts). */
    storage: storageSettings(env),
    isProduction: env.NODE_ENV === 'production',
    /** Only an explicit NODE_ENV=development opens the developer console and the development secrets. */
    isDevelopment: env.NODE_ENV === 'development',
  }))

export type Env = z.infer<typeof schema> & { oauthProviders: OAuthProvider[] }
export type OAuthProvider = ReturnType<typeof parseOAuthProviders>[number]

/** Parses process.env once; a bad value stops the process at start-up with every problem listed. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = schema.safeParse(source)
  const problems = result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
  const sms = ['SMS_API_URL', 'SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'].filter((key) => source[key])
  if (sms.length && sms.length < 4)
    problems.push('SMS_API_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM: set all four or none')
  const oauthProviders = parseOAuthProviders(source, problems)
  problems.push(...storageProblems(source))
  // Google's Perspective refuses every call without a key: say so at start-up, not on each post.
  if (source.MODERATION_PROVIDER === 'perspective' && !source.MODERATION_API_URL && !source.MODERATION_API_KEY) {
    problems.push(
      'MODERATION_API_KEY: is required with MODERATION_PROVIDER=perspective (or set MODERATION_API_URL to a service that needs none)',
    )
  }
  if (source.NODE_ENV !== 'development') {
    for (const key of SECRETS_REQUIRED_OUTSIDE_DEVELOPMENT) {
      if (!source[key]) problems.push(`${key}: is required unless NODE_ENV=development`)
    }
  }
  if (problems.length || !result.success) {
    throw new Error(`Invalid environment:\n${problems.map((problem) => `  ${problem}`).join('\n')}`)
  }
  return { ...result.data, oauthProviders }
}

// A .env file in the working directory fills in what the real environment does not set.
if (existsSync('.env')) process.loadEnvFile('.env')

export const env = parseEnv()
