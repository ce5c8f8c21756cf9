/**
 * How a community goes onto a website (the install tab's instructions and the public install
 * page): an iframe of its directory widget, or of the community itself. Pure: the caller
 * passes the site's public address.
 */
export function installSnippets(publicUrl: string, slug: string) {
  const base = publicUrl.replace(/\/$/, '')
  const frame = (src: string, title: string, height: number) =>
    `<iframe src="${src}" title="${title}" width="100%" height="${height}" style="border:0" allow="camera; microphone; display-capture; fullscreen"></iframe>`
  return {
    communityUrl: `${base}/${slug}`,
    directoryUrl: `${base}/directory/${slug}`,
    community: frame(`${base}/${slug}`, slug, 720),
    directory: frame(`${base}/directory/${slug}/listing`, slug, 480),
    // The directory launcher: the embed script places the directory on the site as the admins chose (public/directory-embed.js).
    script: `<script src="${base}/directory-embed.js" data-community="${slug}" async></script>`,
  }
}
