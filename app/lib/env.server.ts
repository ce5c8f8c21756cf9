import { existsSync } from 'node:fs'
import { z } from 'zod'
import { DEFAULT_DATABASE_URL, dialectOf } from '#models/db'

const SECRETS_REQUIRED_IN_PRODUCTION = ['SESSION_SECRET', 'EDGE_SECRET'] as const

const devSecret = (name: string) => `dev-only-${name}-not-for-production`

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().positive().default(3000),
    DATABASE_URL: z
      .string()
      .default(DEFAULT_DATABASE_URL)
      .refine((url) => {
        try {
          dialectOf(url)
          return true
        } catch {
          return false
        }
      }, 'must start with sqlite: or mysql://'),
    REDIS_URL: z.string().url().optional(),
    SESSION_SECRET: z.string().min(32).optional(),
    EDGE_SECRET: z.string().min(32).optional(),
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().default('Hearth <no-reply@hearth.localhost>'),
    EDGE_PORT: z.coerce.number().int().positive().default(3001),
    EDGE_PUBLIC_URL: z.string().url().optional(),
    // Serves the benchmarks' bare route (/_bench) in production; see tests/bench.
    BENCH: z.enum(['0', '1']).default('0'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .transform((env) => ({
    ...env,
    SESSION_SECRET: env.SESSION_SECRET ?? devSecret('session'),
    EDGE_SECRET: env.EDGE_SECRET ?? devSecret('edge'),
    EDGE_PUBLIC_URL: env.EDGE_PUBLIC_URL ?? `http://localhost:${env.EDGE_PORT}`,
    isProduction: env.NODE_ENV === 'production',
  }))

export type Env = z.infer<typeof schema>

/** Parses process.env once; a bad value stops the process at start-up with every problem listed. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = schema.safeParse(source)
  const problems = result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
  if (source.NODE_ENV === 'production') {
    for (const key of SECRETS_REQUIRED_IN_PRODUCTION) {
      if (!source[key]) problems.push(`${key}: is required in production`)
    }
  }
  if (problems.length || !result.success) {
    throw new Error(`Invalid environment:\n${problems.map((problem) => `  ${problem}`).join('\n')}`)
  }
  return result.data
}

// A .env file in the working directory fills in what the real environment does not set.
if (existsSync('.env')) process.loadEnvFile('.env')

export const env = parseEnv()
