// The production rehearsal (npm run rehearse, run by .ci/run after npm test): Hearth installed on this machine by
// scripts/install-server.mjs and run from its deploy/ files (install.ts), then proven from the outside
// (rehearsal.spec.ts). It needs root and a Debian 12 machine it may install onto; docs/testing.md#the-rehearsal.
import { defineConfig } from '@playwright/test'
import { MEDIA_LAUNCH_OPTIONS } from '../e2e/media-browser'
import { BROWSER_HOME } from './machine'

export default defineConfig({
  testDir: '.',
  globalSetup: './install.ts',
  // One machine, one install: everything in order, in one worker.
  workers: 1,
  fullyParallel: false,
  timeout: 300_000,
  retries: 0,
  reporter: 'list',
  use: {
    // Meeting browsers, with the profile whose NSS database trusts the local CA (install.ts), like a person who
    // imported it.
    launchOptions: { ...MEDIA_LAUNCH_OPTIONS, env: { ...process.env, HOME: BROWSER_HOME } },
  },
})
