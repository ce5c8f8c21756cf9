import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 3100)

// The run's SMTP server (tests/e2e/global-setup.ts) and where it leaves each message. Set here, in
// the runner, so the web server (start-server.mjs) and the workers inherit the same values. The
// port moves with E2E_PORT (2526 for 3100), so two runs on different ports do not collide.
process.env.E2E_SMTP_PORT ??= String(2526 + port - 3100)
process.env.E2E_MAIL_DIR ??= join(tmpdir(), `hearth-e2e-mail-${process.pid}`)

/**
 * Every page runs twice: with JavaScript (hydrated) and without (server HTML and plain forms).
 * Browsers come from Debian (chromium); Playwright downloads none.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  projects: [
    { name: 'js', use: { javaScriptEnabled: true } },
    { name: 'no-js', use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: `node tests/e2e/start-server.mjs ${port}`,
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
  },
})
