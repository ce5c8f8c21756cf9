import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const alias = {
  '#app': fileURLToPath(new URL('./app', import.meta.url)),
  '#models': fileURLToPath(new URL('./models', import.meta.url)),
  '#locales': fileURLToPath(new URL('./locales', import.meta.url)),
  '#edge': fileURLToPath(new URL('./media-edge', import.meta.url)),
}

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
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', env },
      },
      {
        resolve: { alias },
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
