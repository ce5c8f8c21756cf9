// How a community shows its members' names to each other: whole, or abbreviated to the first name and
// the last name's initial where the community asks (displayAbbreviatedUserNames), in the feed and in
// meetings. Admin pages (the members list, the editor) always show the whole name: they manage the person.

/** "Olivia Owner" → "Olivia O."; a single name stays as it is. */
export function abbreviatedName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  if (parts.length < 2) return name.trim()
  const initial = Array.from(parts.at(-1)!)[0]!.toLocaleUpperCase()
  return `${parts[0]} ${initial}.`
}

/** The name as this community shows it to other members. */
export function shownName(brand: { displayAbbreviatedUserNames: boolean }, name: string): string {
  return brand.displayAbbreviatedUserNames ? abbreviatedName(name) : name
}
