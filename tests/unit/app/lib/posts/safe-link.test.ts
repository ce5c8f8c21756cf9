// A post's links (docs/security.md): http(s) addresses and this site's own paths, nothing else.
import { describe, expect, it } from 'vitest'
import { LINK_MAX, isSafeLink, safeLinkUrl } from '#app/lib/posts/safe-link'

describe('isSafeLink', () => {
  it.each(['https://cdn.example.com/a.pdf', 'HTTP://files.example.org/b.png', '/media/abc/file.pdf', '/media/a?x=1#y'])(
    'accepts %s',
    (link) => expect(isSafeLink(link)).toBe(true),
  )

  it.each([
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<b>x</b>',
    'vbscript:msgbox(1)',
    '//evil.example/x',
    '/\\evil.example/x',
    '/\t/evil.example/x',
    '/..//evil.example/x',
    'media/relative.pdf',
    'mailto:a@example.com',
    'https://',
    '',
    `/${'a'.repeat(LINK_MAX)}`,
  ])('refuses %j', (link) => expect(isSafeLink(link)).toBe(false))

  it('refuses what is not a string', () => {
    expect(isSafeLink(null)).toBe(false)
    expect(isSafeLink(['https://a.example.com'])).toBe(false)
  })
})

describe('safeLinkUrl', () => {
  it('answers one translated message per problem', () => {
    expect(safeLinkUrl.safeParse('javascript:alert(1)').error?.issues.map((issue) => issue.message)).toEqual([
      'posts:errors.unsafeLink',
    ])
    expect(
      safeLinkUrl
        .safeParse(`https://a.example.com/${'a'.repeat(LINK_MAX)}`)
        .error?.issues.map((issue) => issue.message),
    ).toEqual(['posts:errors.linkTooLong'])
    expect(safeLinkUrl.safeParse('/media/x.png').success).toBe(true)
  })
})
