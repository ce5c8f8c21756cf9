// Sharing a post (the feed allows sharing to two social networks): plain links to the
// networks' own share pages, so no script of theirs runs on ours.

export type ShareLink = { network: 'facebook' | 'x'; href: string }

export function shareLinks(postUrl: string): ShareLink[] {
  const url = encodeURIComponent(postUrl)
  return [
    { network: 'facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { network: 'x', href: `https://x.com/intent/post?url=${url}` },
  ]
}
