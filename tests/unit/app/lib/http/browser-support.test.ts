import { describe, expect, it } from 'vitest'
import { MINIMUM_VERSIONS, VERDICTS_KEPT, checkBrowser } from '#app/lib/http/browser-support.server'

/**
 * Real user-agent strings, one just below and one at (or above) each minimum in the table:
 * Android chrome 91, edge 79, firefox 89, opera 62; iOS safari 11, chrome 91, edge 79, firefox 90;
 * Mac safari 11, chrome 91, edge 91, firefox 90, opera 77, electron 9;
 * Windows chrome 23, edge 79, firefox 22, opera 18, electron 9.
 */
type Case = {
  platform: 'Android' | 'iOS' | 'Mac' | 'Windows'
  browser: string
  minimum: number
  below: { ua: string; version: number }
  atMinimum: { ua: string; version: number }
}

const CASES: Case[] = [
  // Android
  {
    platform: 'Android',
    browser: 'Chrome',
    minimum: 91,
    below: {
      version: 90,
      ua: 'Mozilla/5.0 (Linux; Android 11; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/90.0.4430.210 Mobile Safari/537.36',
    },
    atMinimum: {
      version: 91,
      ua: 'Mozilla/5.0 (Linux; Android 11; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/91.0.4472.120 Mobile Safari/537.36',
    },
  },
  {
    platform: 'Android',
    browser: 'Edge',
    minimum: 79,
    below: {
      version: 78,
      ua: 'Mozilla/5.0 (Linux; Android 10; SM-G973F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/78.0.3904.108 Mobile Safari/537.36 EdgA/78.0.276.19',
    },
    atMinimum: {
      version: 79,
      ua: 'Mozilla/5.0 (Linux; Android 10; SM-G973F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.136 Mobile Safari/537.36 EdgA/79.0.309.43',
    },
  },
  {
    platform: 'Android',
    browser: 'Firefox',
    minimum: 89,
    below: { version: 88, ua: 'Mozilla/5.0 (Android 11; Mobile; rv:88.0) Gecko/88.0 Firefox/88.0' },
    atMinimum: { version: 89, ua: 'Mozilla/5.0 (Android 11; Mobile; rv:89.0) Gecko/89.0 Firefox/89.0' },
  },
  {
    platform: 'Android',
    browser: 'Opera',
    minimum: 62,
    below: {
      version: 61,
      ua: 'Mozilla/5.0 (Linux; Android 10; SM-G970F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/89.0.4389.105 Mobile Safari/537.36 OPR/61.2.3076.56749',
    },
    atMinimum: {
      version: 62,
      ua: 'Mozilla/5.0 (Linux; Android 10; SM-G970F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/91.0.4472.101 Mobile Safari/537.36 OPR/62.3.3146.57763',
    },
  },
  // iOS
  {
    platform: 'iOS',
    browser: 'Safari',
    minimum: 11,
    below: {
      version: 10,
      ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 10_3_3 like Mac OS X) AppleWebKit/603.3.8 (KHTML, like Gecko) Version/10.0 Mobile/14G60 Safari/602.1',
    },
    atMinimum: {
      version: 11,
      ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 11_0 like Mac OS X) AppleWebKit/604.1.38 (KHTML, like Gecko) Version/11.0 Mobile/15A372 Safari/604.1',
    },
  },
  {
    platform: 'iOS',
    browser: 'Chrome',
    minimum: 91,
    below: {
      version: 90,
      ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 14_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/90.0.4430.216 Mobile/15E148 Safari/604.1',
    },
    atMinimum: {
      version: 91,
      ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 14_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/91.0.4472.80 Mobile/15E148 Safari/604.1',
    },
  },
  {
    platform: 'iOS',
    browser: 'Edge',
    minimum: 79,
    below: {
      version: 78,
      ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 13_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.0 EdgiOS/78.0.276.19 Mobile/15E148 Safari/605.1.15',
    },
    atMinimum: {
      version: 79,
      ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 13_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.0 EdgiOS/79.0.309.43 Mobile/15E148 Safari/605.1.15',
    },
  },
  {
    platform: 'iOS',
    browser: 'Firefox',
    minimum: 90,
    below: {
      version: 89,
      ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 14_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/89.0 Mobile/15E148 Safari/605.1.15',
    },
    atMinimum: {
      version: 90,
      ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 14_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/90.0 Mobile/15E148 Safari/605.1.15',
    },
  },
  // Mac
  {
    platform: 'Mac',
    browser: 'Safari',
    minimum: 11,
    below: {
      version: 10,
      ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_12_6) AppleWebKit/603.3.8 (KHTML, like Gecko) Version/10.1.2 Safari/603.3.8',
    },
    atMinimum: {
      version: 11,
      ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_13) AppleWebKit/604.1.38 (KHTML, like Gecko) Version/11.0 Safari/604.1.38',
    },
  },
  {
    platform: 'Mac',
    browser: 'Chrome',
    minimum: 91,
    below: {
      version: 90,
      ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/90.0.4430.212 Safari/537.36',
    },
    atMinimum: {
      version: 91,
      ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/91.0.4472.114 Safari/537.36',
    },
  },
  {
    platform: 'Mac',
    browser: 'Edge',
    minimum: 91,
    below: {
      version: 90,
      ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/90.0.4430.212 Safari/537.36 Edg/90.0.818.66',
    },
    atMinimum: {
      version: 91,
      ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/91.0.4472.114 Safari/537.36 Edg/91.0.864.54',
    },
  },
  {
    platform: 'Mac',
    browser: 'Firefox',
    minimum: 90,
    below: { version: 89, ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:89.0) Gecko/20100101 Firefox/89.0' },
    atMinimum: {
      version: 90,
      ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:90.0) Gecko/20100101 Firefox/90.0',
    },
  },
  {
    platform: 'Mac',
    browser: 'Opera',
    minimum: 77,
    below: {
      version: 76,
      ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/90.0.4430.212 Safari/537.36 OPR/76.0.4017.177',
    },
    atMinimum: {
      version: 77,
      ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/91.0.4472.114 Safari/537.36 OPR/77.0.4054.172',
    },
  },
  {
    platform: 'Mac',
    browser: 'Electron',
    minimum: 9,
    below: {
      version: 8,
      ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) HearthDesktop/1.0.0 Chrome/80.0.3987.165 Electron/8.5.5 Safari/537.36',
    },
    atMinimum: {
      version: 9,
      ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) HearthDesktop/1.0.0 Chrome/83.0.4103.122 Electron/9.4.4 Safari/537.36',
    },
  },
  // Windows
  {
    platform: 'Windows',
    browser: 'Chrome',
    minimum: 23,
    below: {
      version: 22,
      ua: 'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.4 (KHTML, like Gecko) Chrome/22.0.1229.94 Safari/537.4',
    },
    atMinimum: {
      version: 23,
      ua: 'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.11 (KHTML, like Gecko) Chrome/23.0.1271.97 Safari/537.11',
    },
  },
  {
    platform: 'Windows',
    browser: 'Edge',
    minimum: 79,
    below: {
      version: 78,
      ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/78.0.3904.87 Safari/537.36 Edg/78.0.276.19',
    },
    atMinimum: {
      version: 79,
      ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.74 Safari/537.36 Edg/79.0.309.43',
    },
  },
  {
    platform: 'Windows',
    browser: 'Firefox',
    minimum: 22,
    below: { version: 21, ua: 'Mozilla/5.0 (Windows NT 6.1; WOW64; rv:21.0) Gecko/20100101 Firefox/21.0' },
    atMinimum: { version: 22, ua: 'Mozilla/5.0 (Windows NT 6.1; WOW64; rv:22.0) Gecko/20100101 Firefox/22.0' },
  },
  {
    platform: 'Windows',
    browser: 'Opera',
    minimum: 18,
    below: {
      version: 17,
      ua: 'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/30.0.1599.101 Safari/537.36 OPR/17.0.1241.53',
    },
    atMinimum: {
      version: 18,
      ua: 'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/31.0.1650.63 Safari/537.36 OPR/18.0.1284.68',
    },
  },
  {
    platform: 'Windows',
    browser: 'Electron',
    minimum: 9,
    below: {
      version: 8,
      ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) HearthDesktop/1.0.0 Chrome/80.0.3987.165 Electron/8.5.5 Safari/537.36',
    },
    atMinimum: {
      version: 9,
      ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) HearthDesktop/1.0.0 Chrome/83.0.4103.122 Electron/9.4.4 Safari/537.36',
    },
  },
]

describe('MINIMUM_VERSIONS', () => {
  it('is the spec table, platform by platform', () => {
    expect(MINIMUM_VERSIONS).toEqual({
      Android: { Chrome: 91, Edge: 79, Firefox: 89, Opera: 62 },
      iOS: { Safari: 11, Chrome: 91, Edge: 79, Firefox: 90 },
      Mac: { Safari: 11, Chrome: 91, Edge: 91, Firefox: 90, Opera: 77, Electron: 9 },
      Windows: { Chrome: 23, Edge: 79, Firefox: 22, Opera: 18, Electron: 9 },
    })
  })

  it('has a test case for every row of the table', () => {
    const rows = Object.entries(MINIMUM_VERSIONS).flatMap(([platform, browsers]) =>
      Object.keys(browsers).map((browser) => `${platform} ${browser}`),
    )
    expect(CASES.map((c) => `${c.platform} ${c.browser}`).sort()).toEqual(rows.sort())
  })
})

describe('checkBrowser', () => {
  for (const c of CASES) {
    describe(`${c.platform} ${c.browser} (minimum ${c.minimum})`, () => {
      it(`turns away version ${c.below.version}`, () => {
        expect(checkBrowser(c.below.ua)).toEqual({
          supported: false,
          platform: c.platform,
          browser: c.browser,
          version: c.below.version,
          minimum: c.minimum,
        })
      })

      it(`lets version ${c.atMinimum.version} in`, () => {
        expect(checkBrowser(c.atMinimum.ua)).toEqual({
          supported: true,
          platform: c.platform,
          browser: c.browser,
          version: c.atMinimum.version,
          minimum: c.minimum,
        })
      })
    })
  }

  describe('other real user agents on listed platforms', () => {
    it('lets a current Chrome on Windows in', () => {
      const ua =
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36'
      expect(checkBrowser(ua)).toMatchObject({ supported: true, platform: 'Windows', browser: 'Chrome', version: 120 })
    })

    it('turns away legacy EdgeHTML Edge on Windows', () => {
      const ua =
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19041'
      expect(checkBrowser(ua)).toMatchObject({
        supported: false,
        platform: 'Windows',
        browser: 'Edge',
        version: 18,
        minimum: 79,
      })
    })

    it('reads Edge for Android by its own EdgA version, not the Chrome version it embeds', () => {
      const old =
        'Mozilla/5.0 (Linux; Android 10; SM-G973F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/88.0.4324.181 Mobile Safari/537.36 EdgA/46.3.4.5155'
      const current =
        'Mozilla/5.0 (Linux; Android 11; SM-G991B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/91.0.4472.120 Mobile Safari/537.36 EdgA/91.0.864.48'
      expect(checkBrowser(old)).toMatchObject({ supported: false, platform: 'Android', browser: 'Edge', version: 46 })
      expect(checkBrowser(current)).toMatchObject({
        supported: true,
        platform: 'Android',
        browser: 'Edge',
        version: 91,
      })
    })

    it('reads iOS Safari on an iPad', () => {
      const ipad10 =
        'Mozilla/5.0 (iPad; CPU OS 10_3_3 like Mac OS X) AppleWebKit/603.3.8 (KHTML, like Gecko) Version/10.0 Mobile/14G60 Safari/602.1'
      const ipad11 =
        'Mozilla/5.0 (iPad; CPU OS 11_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/11.0 Mobile/15E148 Safari/604.1'
      expect(checkBrowser(ipad10)).toMatchObject({ supported: false, platform: 'iOS', browser: 'Safari', version: 10 })
      expect(checkBrowser(ipad11)).toMatchObject({ supported: true, platform: 'iOS', browser: 'Safari', version: 11 })
    })

    it('reads Electron, not the Chrome it embeds, in a desktop app', () => {
      // Slack's Electron 7 app ships Chrome 78, which alone would pass on Windows (Chrome 23).
      const slack =
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Slack/4.3.3 Chrome/78.0.3904.130 Electron/7.1.11 Safari/537.36 Sonic Slack_SSB/4.3.3'
      expect(checkBrowser(slack)).toMatchObject({
        supported: false,
        platform: 'Windows',
        browser: 'Electron',
        version: 7,
        minimum: 9,
      })
    })

    it('treats headless Chrome as Chrome', () => {
      const ua =
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/90.0.4430.93 Safari/537.36'
      expect(checkBrowser(ua)).toMatchObject({
        supported: true,
        platform: 'Windows',
        browser: 'Chrome',
        version: 90,
        minimum: 23,
      })
      const macHeadless =
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/90.0.4430.93 Safari/537.36'
      expect(checkBrowser(macHeadless)).toMatchObject({
        supported: false,
        platform: 'Mac',
        browser: 'Chrome',
        version: 90,
        minimum: 91,
      })
    })

    it('turns away the old Presto Opera Mobile on Android ("Opera Mobi")', () => {
      const ua = 'Opera/9.80 (Android 2.3.4; Linux; Opera Mobi/ADR-1107051709; U; en) Presto/2.8.149 Version/11.10'
      expect(checkBrowser(ua)).toEqual({
        supported: false,
        platform: 'Android',
        browser: 'Opera',
        version: 11,
        minimum: 62,
      })
    })

    it('turns away the old Presto Opera Mobile on an Android tablet ("Opera Tablet")', () => {
      // BUG (app/lib/http/browser-support.server.ts, BROWSERS map): ua-parser-js 1.0.41 names this browser
      // "Opera Tablet" (its regex /(opera [mobiletab]{3,6})\b.+version\//i yields "Opera Mobi" or
      // "Opera Tablet"), but only "Opera Mobi" is mapped to Opera. The tablet build of the same
      // Opera 11 is treated as an unknown browser and let through, although Android Opera needs 62.
      const ua = 'Opera/9.80 (Android 3.2.1; Linux; Opera Tablet/ADR-1109081720; U; en) Presto/2.8.149 Version/11.10'
      expect(checkBrowser(ua)).toEqual({
        supported: false,
        platform: 'Android',
        browser: 'Opera',
        version: 11,
        minimum: 62,
      })
    })
  })

  describe('browsers and systems the table does not name', () => {
    it('lets an empty, null or missing user agent through', () => {
      const unknown = { supported: true, platform: null, browser: null, version: null, minimum: null }
      expect(checkBrowser('')).toEqual(unknown)
      expect(checkBrowser(null)).toEqual(unknown)
      expect(checkBrowser(undefined)).toEqual(unknown)
    })

    it('lets Firefox and Chrome on Linux through, however old', () => {
      expect(checkBrowser('Mozilla/5.0 (X11; Linux x86_64; rv:60.0) Gecko/20100101 Firefox/60.0')).toMatchObject({
        supported: true,
        platform: null,
        minimum: null,
      })
      expect(
        checkBrowser(
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/50.0.2661.102 Safari/537.36',
        ),
      ).toMatchObject({ supported: true, platform: null })
    })

    it('lets Chrome on ChromeOS through', () => {
      const ua =
        'Mozilla/5.0 (X11; CrOS x86_64 13904.97.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/60.0.3112.114 Safari/537.36'
      expect(checkBrowser(ua)).toMatchObject({ supported: true, platform: null })
    })

    it('lets bots and command-line clients through', () => {
      expect(checkBrowser('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toMatchObject({
        supported: true,
      })
      expect(checkBrowser('curl/8.5.0')).toEqual({
        supported: true,
        platform: null,
        browser: null,
        version: null,
        minimum: null,
      })
    })

    it('lets a browser the table does not list through on a listed platform', () => {
      const samsung =
        'Mozilla/5.0 (Linux; Android 11; SAMSUNG SM-G991B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/14.0 Chrome/87.0.4280.141 Mobile Safari/537.36'
      expect(checkBrowser(samsung)).toEqual({
        supported: true,
        platform: 'Android',
        browser: null,
        version: null,
        minimum: null,
      })
    })

    it('lets a listed browser through on a platform where the table has no row for it', () => {
      // Safari on Windows and Opera on iOS have no minimum in the table.
      const safariWindows =
        'Mozilla/5.0 (Windows; U; Windows NT 6.1; en-US) AppleWebKit/533.20.25 (KHTML, like Gecko) Version/5.0.4 Safari/533.20.27'
      expect(checkBrowser(safariWindows)).toEqual({
        supported: true,
        platform: 'Windows',
        browser: 'Safari',
        version: 5,
        minimum: null,
      })
    })

    it('lets a garbage string through', () => {
      expect(checkBrowser('not a browser at all')).toMatchObject({ supported: true })
    })
  })

  describe('kept verdicts', () => {
    const chrome = (major: number) =>
      `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`

    it('parses an agent once: the same agent gets the same (frozen) verdict back', () => {
      const first = checkBrowser(chrome(126))
      expect(checkBrowser(chrome(126))).toBe(first)
      expect(Object.isFrozen(first)).toBe(true)
      expect(checkBrowser(chrome(22))).toMatchObject({ supported: false, version: 22 })
    })

    it(`keeps at most ${VERDICTS_KEPT} agents, dropping the oldest first`, () => {
      const oldest = checkBrowser(chrome(100))
      for (let i = 0; i < VERDICTS_KEPT; i++) checkBrowser(`${chrome(126)} Visitor/${i}`)
      const again = checkBrowser(chrome(100))
      expect(again).not.toBe(oldest)
      expect(again).toEqual(oldest)
    })
  })
})
