import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const alias = {
  '#app': fileURLToPath(new URL('./app', import.meta.url)),
  '#models': fileURLToPath(new URL('./models', import.meta.url)),
  '#locales': fileURLToPath(new URL('./locales', import.meta.url)),
  '#edge': fileURLToPath(new URL('./media-edge', import.meta.url)),
}

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' } },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Each file gets a database of its own (tests/integration/setup.ts), so files share no state.
          setupFiles: ['tests/integration/setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
