// The one place user HTML is made safe (pasted text is sanitised: styling attributes and
// many tags (script, iframe, img, form and others) are removed, and links open in a new tab).
// An allow-list, not a deny-list: only simple text formatting and links survive; every attribute
// but a link's address is dropped (style, class, event handlers…), and an address must be http,
// https or mailto. Posts store what this returns, and pages render only stored posts.
import sanitizeHtml from 'sanitize-html'

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Removed tags keep their text, except these, whose text is code or markup rather than words.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'title',
    'xmp',
    'noembed',
    'noframes',
  ],
  disallowedTagsMode: 'discard',
  transformTags: {
    // Set here, whatever the pasted link said: a new tab that cannot reach back to this page.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), target: '_blank', rel: 'noopener noreferrer' },
    }),
  },
}

export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim()
}

/** Whether stored HTML has any words (or a link) left: a message of only removed markup is no message. */
export function hasVisibleText(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim() !== '' || /<a\s[^>]*href=/i.test(html)
}
