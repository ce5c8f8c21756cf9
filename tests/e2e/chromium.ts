// How every browser of the suites starts: Debian's Chromium, headless, on a machine without a GPU.

/**
 * Chromium builds its omnibox popup (two WebUI pages, chrome://omnibox-popup.top-chrome) for every
 * window, and each test's browser context is a window: about 0.7 s of CPU per context on this
 * machine's cores, for a popup nobody opens. (Not PreloadTopChromeWebUI as well: with it, a closed
 * context's event streams stayed open, as the rehearsal's count of open streams showed.) Chromium
 * honours only the last --disable-features, so this one repeats those Playwright 1.65 disables
 * itself that matter here (chromiumSwitches in playwright-core).
 */
const DISABLED_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
  // Playwright's own.
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
]

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** No sandbox (root in a container), no GPU, no calls home: see docs/testing.md. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
]
