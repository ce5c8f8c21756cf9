import { UAParser } from 'ua-parser-js'

/** The product's minimum browser versions (major), per operating system. */
export const MINIMUM_VERSIONS = {
  Android: { Chrome: 91, Edge: 79, Firefox: 89, Opera: 62 },
  iOS: { Safari: 11, Chrome: 91, Edge: 79, Firefox: 90 },
  Mac: { Safari: 11, Chrome: 91, Edge: 91, Firefox: 90, Opera: 77, Electron: 9 },
  Windows: { Chrome: 23, Edge: 79, Firefox: 22, Opera: 18, Electron: 9 },
} as const

type Platform = keyof typeof MINIMUM_VERSIONS

export type BrowserVerdict = {
  supported: boolean
  platform: Platform | null
  browser: string | null
  version: number | null
  minimum: number | null
}

/** ua-parser-js names, folded onto the product's table. */
const PLATFORMS: Record<string, Platform> = {
  Android: 'Android',
  iOS: 'iOS',
  'Mac OS': 'Mac',
  macOS: 'Mac',
  Windows: 'Windows',
}
const BROWSERS: Record<string, string> = {
  Chrome: 'Chrome',
  'Chrome Mobile': 'Chrome',
  'Chrome Headless': 'Chrome',
  Chromium: 'Chrome',
  Edge: 'Edge',
  Firefox: 'Firefox',
  'Mobile Firefox': 'Firefox',
  Opera: 'Opera',
  'Opera Mobi': 'Opera',
  'Opera Tablet': 'Opera',
  // Opera Mini has no WebRTC; its own version numbers sit far below the Opera minimums.
  'Opera Mini': 'Opera',
  Safari: 'Safari',
  'Mobile Safari': 'Safari',
  Electron: 'Electron',
}

/**
 * Verdicts by user agent. The root loader checks every request, and parsing runs some hundred
 * regular expressions, while a site sees a few hundred distinct agents at most. First in, first
 * out: a flood of made-up agents cannot grow it, and an agent longer than any browser's is not kept.
 */
export const VERDICTS_KEPT = 500
const KEPT_AGENT_LENGTH = 512
const verdicts = new Map<string, Readonly<BrowserVerdict>>()

/**
 * Whether a user agent meets the product's minimum versions. A browser or system the table does not
 * name is let through: the table lists what is known too old, not everything that works.
 */
export function checkBrowser(userAgent: string | null | undefined): Readonly<BrowserVerdict> {
  if (!userAgent || userAgent.length > KEPT_AGENT_LENGTH) return parseVerdict(userAgent)
  let verdict = verdicts.get(userAgent)
  if (!verdict) {
    verdict = Object.freeze(parseVerdict(userAgent))
    if (verdicts.size >= VERDICTS_KEPT) verdicts.delete(verdicts.keys().next().value!)
    verdicts.set(userAgent, verdict)
  }
  return verdict
}

function parseVerdict(userAgent: string | null | undefined): BrowserVerdict {
  const unknown: BrowserVerdict = { supported: true, platform: null, browser: null, version: null, minimum: null }
  if (!userAgent) return unknown
  const parsed = new UAParser(userAgent).getResult()
  const platform = PLATFORMS[parsed.os.name ?? '']
  const browser = BROWSERS[parsed.browser.name ?? '']
  const version = Number.parseInt(parsed.browser.major ?? '', 10)
  if (!platform || !browser || Number.isNaN(version))
    return { ...unknown, platform: platform ?? null, browser: browser ?? null }
  const table: Partial<Record<string, number>> = MINIMUM_VERSIONS[platform]
  const minimum = table[browser] ?? null
  return { supported: minimum === null || version >= minimum, platform, browser, version, minimum }
}
