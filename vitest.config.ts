import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

/** The #app/*, #models/*, #locales/*, #edge/* and #tests/* aliases are tsconfig.json's paths, read from there. */
const resolve = { tsconfigPaths: true }

/**
 * Secrets are required outside NODE_ENV=development (app/lib/platform/env.server.ts, media-edge/env.ts), so
 * every test process gets throwaway ones here, once for all files: a new test needs to know nothing.
 */
const env = {
  NODE_ENV: 'test' as const,
  SESSION_SECRET: 'test-session-secret-0123456789abcdef0123456789',
  EDGE_SECRET: 'test-edge-secret-0123456789abcdef0123456789abcd',
}

export default defineConfig({
  resolve,
  test: {
    // A worker per core. Vitest's default keeps one core free, which on CI's two leaves one file at a
    // time, and the integration files spend a third of their time waiting on the database.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        resolve,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', env },
      },
      {
        resolve,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.{ts,tsx}'],
          environment: 'node',
          env,
          // Each file gets a database of its own (tests/integration/setup.ts), so files share no state:
          // a copy of the one global-setup.ts migrated.
          globalSetup: ['tests/integration/global-setup.ts'],
          setupFiles: ['tests/integration/setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
