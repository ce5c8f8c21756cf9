/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Classic compiler, ESM server build: remix-i18next 6 is ESM only.
  serverModuleFormat: 'esm',
  ignoredRouteFiles: ['**/.*', '**/*.test.*', '**/*.server.ts'],
  watchPaths: ['locales/**/*.json'],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
}
