import { describe, expect, it } from 'vitest'
import { abbreviatedName, shownName } from '#app/lib/members/shown-name'

describe('abbreviatedName', () => {
  it.each([
    ['Olivia Owner', 'Olivia O.'],
    ['  Ana   María  de la Cruz ', 'Ana C.'],
    ['Łukasz żółw', 'Łukasz Ż.'],
    ['Cher', 'Cher'],
    ['  ', ''],
  ])('%j → %j', (name, shown) => expect(abbreviatedName(name)).toBe(shown))
})

describe('shownName', () => {
  it('abbreviates only where the community asks', () => {
    expect(shownName({ displayAbbreviatedUserNames: false }, 'Olivia Owner')).toBe('Olivia Owner')
    expect(shownName({ displayAbbreviatedUserNames: true }, 'Olivia Owner')).toBe('Olivia O.')
  })
})
