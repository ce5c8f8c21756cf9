// The sanitiser against an XSS corpus: whatever goes in, nothing executable comes out (no script
// or other active element, no event handler, no script or data address, no styling), while words
// and plain links survive, links opening in a new tab.
import { describe, expect, it } from 'vitest'
import { hasVisibleText, sanitizePostHtml } from '#app/lib/posts/sanitize.server'

const CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.test/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<script\x20type="text/javascript">alert(1);</script>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(1);">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<body onload=alert(1)>',
  '<div onclick="alert(1)">click</div>',
  '<p onmouseover="alert(1)">hover</p>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="java\nscript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="//evil.test/">x</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<b style="color:red" class="x" id="y">bold</b>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:text/html,<script>alert(1)</script>">',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<button formaction="javascript:alert(1)">b</button>',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>m</marquee>',
  '<table background="javascript:alert(1)"><tr><td>t</td></tr></table>',
  '<<script>alert(1);//<</script>',
  '<img """><script>alert(1)</script>">',
  '<a href="https://ok.test/" onclick="alert(1)" style="x">ok</a>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<xmp><script>alert(1)</script></xmp>',
  '"><script>alert(1)</script>',
  '<div/onmouseover="alert(1)">x</div>',
  '<a href="https://ok.test/"><img src=x onerror=alert(1)></a>',
  '<isindex action="javascript:alert(1)" type=image>',
  '<textarea><script>alert(1)</script></textarea>',
]

const EXECUTABLE = [
  /<\s*(script|iframe|img|svg|math|style|object|embed|form|input|button|link|meta|base|video|audio|source|details|marquee|table|template|isindex|textarea)\b/i,
  /\son[a-z]+\s*=/i,
  /(javascript|vbscript|data)\s*:/i,
  /\sstyle\s*=/i,
  /\s(class|id|src|srcdoc|action|formaction|background)\s*=/i,
  /href\s*=\s*["']?\/\//i,
]

describe('sanitizePostHtml against the XSS corpus', () => {
  it('has at least 40 vectors', () => expect(CORPUS.length).toBeGreaterThanOrEqual(40))
  for (const vector of CORPUS) {
    it(`leaves nothing executable of ${JSON.stringify(vector).slice(0, 70)}`, () => {
      const out = sanitizePostHtml(vector)
      for (const pattern of EXECUTABLE) expect(out, `${pattern} in ${out}`).not.toMatch(pattern)
    })
  }
})

describe('sanitizePostHtml keeps what is safe', () => {
  it('keeps words and simple formatting', () => {
    expect(sanitizePostHtml('<p>Hello <b>there</b> <em>friend</em></p>')).toBe(
      '<p>Hello <b>there</b> <em>friend</em></p>',
    )
  })
  it('opens links in a new tab that cannot reach back, whatever the link said', () => {
    expect(sanitizePostHtml('<a href="https://ok.test/a" target="_self" rel="opener">ok</a>')).toBe(
      '<a href="https://ok.test/a" target="_blank" rel="noopener noreferrer">ok</a>',
    )
  })
  it('drops the address of a script link but keeps its words', () => {
    expect(sanitizePostHtml('<a href="javascript:alert(1)">x</a>')).toBe(
      '<a target="_blank" rel="noopener noreferrer">x</a>',
    )
  })
  it('removes styling attributes', () =>
    expect(sanitizePostHtml('<b style="color:red" class="x">bold</b>')).toBe('<b>bold</b>'))
  it('drops the text inside removed code tags', () =>
    expect(sanitizePostHtml('a<script>alert(1)</script>b')).toBe('ab'))
  it('keeps escaped text escaped', () => expect(sanitizePostHtml('1 < 2 & "q"')).toBe('1 &lt; 2 &amp; "q"'))
})

describe('hasVisibleText', () => {
  it('is false for markup that sanitised to nothing', () =>
    expect(hasVisibleText(sanitizePostHtml('<script>x</script><p> </p>'))).toBe(false))
  it('is true for words', () => expect(hasVisibleText('<p>hi</p>')).toBe(true))
  it('is false for a script link with no words, whose address was dropped', () =>
    expect(hasVisibleText(sanitizePostHtml('<a href="javascript:alert(1)"></a>'))).toBe(false))
})
