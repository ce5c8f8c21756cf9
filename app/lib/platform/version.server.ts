import packageJson from '../../../package.json'

/** The product's version (the spec's app version), as package.json states it: /healthz and the metrics report it. */
export const APP_VERSION: string = packageJson.version
