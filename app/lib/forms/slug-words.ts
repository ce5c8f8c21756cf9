/**
 * A link's words from a name (a community's, an event's): accents dropped, lower case, runs of
 * anything else one hyphen, at most 48 characters with no hyphen at either end. What a too-short
 * result becomes is each caller's rule.
 */
export function slugWords(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '')
}
