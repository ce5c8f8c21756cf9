import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/chromium'

const port = Number(process.env.E2E_PORT ?? 3100)

// The run's SMTP server (tests/e2e/global-setup.ts) and where it leaves each message. Set here, in
// the runner, so the web server (start-server.mjs) and the workers inherit the same values. The
// port moves with E2E_PORT (2526 for 3100), so two runs on different ports do not collide.
process.env.E2E_SMTP_PORT ??= String(2526 + port - 3100)
// The run's media edge (started by start-server.mjs next to the web server) moves with it too.
process.env.E2E_EDGE_PORT ??= String(4301 + port - 3100)
process.env.E2E_MAIL_DIR ??= join(tmpdir(), `hearth-e2e-mail-${process.pid}`)
// The web server's and the edge's media store (MEDIA_DIR), where a test may put a file a row names.
process.env.E2E_MEDIA_DIR ??= join(tmpdir(), `hearth-e2e-media-${process.pid}`)
// The web server's SQLite database (start-server.mjs); the tests reach it through the models (tests/e2e/database.ts).
process.env.E2E_DATABASE ??= join(tmpdir(), `hearth-e2e-${process.pid}.sqlite`)
// The web server's session secret (start-server.mjs), which signInWithSession (support.ts) signs cookies with.
process.env.E2E_SESSION_SECRET ??= 'hearth-e2e-session-secret-for-test-runs-only'
// The run's OAuth2/OIDC provider (oauth2-mock-server, also started by global-setup.ts): 8180 for 3100.
process.env.E2E_OAUTH_PORT ??= String(8180 + port - 3100)
// The run's stand-in for the captions' speech service (tests/support/speech-server.ts): 9180 for 3100.
process.env.E2E_SPEECH_PORT ??= String(9180 + port - 3100)
// The run's stand-in for Twitch's Helix API, the live stream's viewer count (tests/support/helix-server.ts): 10180 for 3100.
process.env.E2E_HELIX_PORT ??= String(10180 + port - 3100)
// The run's TURN server (coturn, started by start-server.mjs) and its 200 relay ports: 3578 and 50000-50199 for 3100.
process.env.E2E_TURN_PORT ??= String(3578 + port - 3100)
process.env.E2E_TURN_RELAY_PORT ??= String(50000 + 2 * (port - 3100))
// The web server's metrics port (METRICS_PORT, start-server.mjs), and the edge's the next one: 11180 and 11181 for 3100.
process.env.E2E_METRICS_PORT ??= String(11180 + 2 * (port - 3100))

/**
 * Every page runs twice: with JavaScript (hydrated) and without (server HTML and plain forms).
 * Browsers come from Debian (chromium); Playwright downloads none.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  // A page checked at two widths with an accessibility scan and a screenshot each takes over the
  // default 30 s on two cores busy with the meeting specs beside it; a real failure still fails.
  timeout: 60_000,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  // Every spec runs in both projects, except those whose name says which one they belong to:
  // *.js.spec.ts need the browser to run the page (the meeting), *.no-js.spec.ts are about its absence.
  projects: [
    { name: 'js', use: { javaScriptEnabled: true }, testIgnore: /\.no-js\.spec\.ts$/ },
    { name: 'no-js', use: { javaScriptEnabled: false }, testIgnore: /\.js\.spec\.ts$/ },
  ],
  webServer: {
    command: `node tests/e2e/start-server.mjs ${port}`,
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    // SIGTERM, not Playwright's default SIGKILL: start-server.mjs then stops the edge and the web
    // server and removes its database file.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
})
