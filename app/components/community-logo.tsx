/**
 * A community's logo beside its name where a listing or a heading writes the name out (the
 * communities list, the room directory). The name is right there as text, so the logo is
 * decorative (alt=""): a screen reader reads the name once. Where the logo stands in for the name
 * (the site header), its alt is the name instead.
 */
export function CommunityLogo({ src }: { src: string | null }) {
  return src ? <img src={src} alt="" className="community-logo" /> : null
}
