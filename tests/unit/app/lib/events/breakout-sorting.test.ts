// Filling breakouts from an event: matchmaking by answers in rooms of the breakout size, and the
// predefined groups of the people present.
import { describe, expect, it } from 'vitest'
import { presentGroups, sortByAnswers } from '#app/lib/events/breakout-sorting'

const people = (entries: Array<[string, string | null]>) => entries.map(([userId, answer]) => ({ userId, answer }))

describe('sortByAnswers', () => {
  it('puts the same answers together, whatever their case and spaces, in answer order', () => {
    const rooms = sortByAnswers(
      people([
        ['a', 'Tea'],
        ['b', 'coffee'],
        ['c', ' tea '],
        ['d', 'Coffee'],
      ]),
      4,
    )
    expect(rooms).toEqual([
      ['b', 'd'],
      ['a', 'c'],
    ])
  })

  it('splits a large answer evenly into rooms of at most the size', () => {
    const five = people([
      ['a', 'x'],
      ['b', 'x'],
      ['c', 'x'],
      ['d', 'x'],
      ['e', 'x'],
    ])
    expect(sortByAnswers(five, 4)).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ])
    // Rooms of 2 would leave one alone: one room takes three.
    expect(sortByAnswers(five, 2)).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ])
    const nine = people(Array.from({ length: 9 }, (_, index) => [`p${index}`, 'same'] as [string, string]))
    expect(sortByAnswers(nine, 4).map((room) => room.length)).toEqual([3, 3, 3])
  })

  it('mixes lone answers and the unanswered in rooms of their own', () => {
    const rooms = sortByAnswers(
      people([
        ['a', 'x'],
        ['b', 'x'],
        ['c', 'y'],
        ['d', null],
        ['e', 'z'],
        ['f', '  '],
      ]),
      3,
    )
    expect(rooms).toEqual([
      ['a', 'b'],
      ['c', 'e'],
      ['d', 'f'],
    ])
  })

  it('never leaves one person alone: a single leftover joins the smallest room', () => {
    expect(
      sortByAnswers(
        people([
          ['a', 'x'],
          ['b', 'x'],
          ['c', 'x'],
          ['d', 'y'],
          ['e', 'y'],
          ['f', 'z'],
        ]),
        4,
      ),
    ).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
    ])
    // Alone in the meeting, there is nobody to join.
    expect(sortByAnswers(people([['a', 'x']]), 4)).toEqual([['a']])
    expect(sortByAnswers([], 4)).toEqual([])
  })

  it('keeps the same secondary answer together when an answer needs several rooms, and among those filling', () => {
    const withSecondary = (entries: Array<[string, string | null, string | null]>) =>
      entries.map(([userId, answer, secondary]) => ({ userId, answer, secondary }))
    // Six who all said "x": the two rooms of three follow the secondary answers (the unanswered last).
    const six = withSecondary([
      ['a', 'x', 'south'],
      ['b', 'x', null],
      ['c', 'x', 'North'],
      ['d', 'x', 'south'],
      ['e', 'x', 'north '],
      ['f', 'x', 'south'],
    ])
    expect(sortByAnswers(six, 3)).toEqual([
      ['c', 'e', 'a'],
      ['d', 'f', 'b'],
    ])
    // Lone primary answers and the unanswered fill rooms by their secondary answer.
    const fill = withSecondary([
      ['a', 'p', 'red'],
      ['b', 'q', 'blue'],
      ['c', null, 'red'],
      ['d', 'r', 'blue'],
    ])
    expect(sortByAnswers(fill, 2)).toEqual([
      ['b', 'd'],
      ['a', 'c'],
    ])
    // Without secondary answers the order is what the primary one gives.
    expect(
      sortByAnswers(
        withSecondary([
          ['a', 'p', null],
          ['b', 'q', null],
          ['c', null, null],
          ['d', 'r', null],
        ]),
        2,
      ),
    ).toEqual([
      ['a', 'b'],
      ['d', 'c'],
    ])
  })

  it('treats a size under two, or none, as the smallest or the default size', () => {
    const four = people([
      ['a', 'x'],
      ['b', 'x'],
      ['c', 'x'],
      ['d', 'x'],
    ])
    expect(sortByAnswers(four, 1)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ])
    expect(sortByAnswers(four, Number.NaN)).toEqual([['a', 'b', 'c', 'd']])
  })
})

describe('presentGroups', () => {
  it('keeps the groups’ present people in their order, drops empty groups and second places', () => {
    const groups = [
      ['a', 'b', 'c'],
      ['x', 'y'],
      ['d', 'a'],
    ]
    expect(presentGroups(groups, ['a', 'c', 'd', 'z'])).toEqual([['a', 'c'], ['d']])
    expect(presentGroups([], ['a'])).toEqual([])
  })
})
