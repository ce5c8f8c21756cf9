// Filling breakout rooms from an event: the event's predefined groups, or
// matchmaking by registration answers (sorting by the primary field, then the secondary
// one; the composition's breakoutSize). Pure and browser-safe: the meeting client runs it over the
// people present.
import { BREAKOUT_SIZE_MIN } from './event-rules'

/** What the meeting needs to fill breakouts for an event: its groups and answers, keyed by user id. */
export interface EventBreakoutPlan {
  /** The composition's breakout size (people per room). */
  size: number
  /** The predefined groups (their addresses turned into user ids; unknown addresses dropped). */
  groups: string[][]
  /** Each registered person's answer to the primary matchmaking field; empty when none is chosen. */
  answers: Record<string, string>
  /** Their answers to the secondary field, if the event chose one; empty otherwise. */
  secondaryAnswers: Record<string, string>
}

/** An answer as sorting compares it: trimmed, any case. */
const answerKey = (answer: string | null | undefined) => (answer ?? '').trim().toLocaleLowerCase()

/**
 * The people in secondary-answer order (alphabetical, the unanswered last), keeping the order they
 * came in otherwise: rooms cut from the list in turn then hold the same secondary answers together.
 */
function bySecondary<T extends { secondary?: string | null }>(list: T[]): T[] {
  return list
    .map((person, index) => ({ person, index, key: answerKey(person.secondary) }))
    .sort((a, b) => (a.key === b.key ? a.index - b.index : !a.key ? 1 : !b.key ? -1 : a.key.localeCompare(b.key)))
    .map(({ person }) => person)
}

/** Without a breakout size on the event, rooms of this many. */
export const DEFAULT_BREAKOUT_SIZE = 4

/**
 * The predefined groups as they stand in the meeting: only the people present, in the order the
 * groups were written; a group with nobody present is no room. Present people in no group stay.
 */
export function presentGroups(groups: string[][], present: Iterable<string>): string[][] {
  const here = new Set(present)
  const placed = new Set<string>()
  const result: string[][] = []
  for (const group of groups) {
    const members = group.filter((userId) => here.has(userId) && !placed.has(userId) && placed.add(userId))
    if (members.length) result.push(members)
  }
  return result
}

type Answering = { userId: string; answer: string | null | undefined; secondary?: string | null }

/**
 * Matchmaking: people with the same primary answer (trimmed, any case) together, in rooms of at
 * most `size`, split evenly (5 with size 4 are 3 and 2, not 4 and 1). Those whose answer nobody
 * else gave, and those without an answer, fill rooms of their own. Within an answer that needs
 * several rooms, and among those filling, the same secondary answer goes together as far as the
 * room sizes allow. A single one left over joins the smallest room rather than be alone. Answers
 * in alphabetical order, so the same answers give the same rooms.
 */
export function sortByAnswers(people: ReadonlyArray<Answering>, size: number): string[][] {
  const perRoom = Math.max(BREAKOUT_SIZE_MIN, Math.floor(size) || DEFAULT_BREAKOUT_SIZE)
  const buckets = new Map<string, Answering[]>()
  const unanswered: Answering[] = []
  for (const person of people) {
    const key = answerKey(person.answer)
    if (key) buckets.set(key, [...(buckets.get(key) ?? []), person])
    else unanswered.push(person)
  }
  const ids = (list: Answering[]) => list.map((person) => person.userId)
  const rooms: string[][] = []
  const lone: Answering[] = []
  for (const key of [...buckets.keys()].sort((a, b) => a.localeCompare(b))) {
    const bucket = buckets.get(key)!
    if (bucket.length === 1) lone.push(bucket[0]!)
    else rooms.push(...splitEvenly(ids(bySecondary(bucket)), perRoom))
  }
  // Lone answers (in answer order), then the unanswered as they came; then by secondary answer.
  const mixed = ids(bySecondary([...lone, ...unanswered]))
  if (mixed.length === 1 && rooms.length) {
    const smallest = rooms.reduce((least, room) => (room.length < least.length ? room : least))
    smallest.push(mixed[0]!)
  } else if (mixed.length) rooms.push(...splitEvenly(mixed, perRoom))
  return rooms
}

/**
 * Splits a list into the fewest rooms of at most `size`, their sizes differing by one at most;
 * when that would leave someone alone (5 in rooms of 2), one room fewer, a little over the size.
 */
function splitEvenly(list: string[], size: number): string[][] {
  const count = Math.max(1, Math.min(Math.ceil(list.length / size), Math.floor(list.length / BREAKOUT_SIZE_MIN)))
  const rooms: string[][] = []
  let start = 0
  for (let index = 0; index < count; index++) {
    const length = Math.floor(list.length / count) + (index < list.length % count ? 1 : 0)
    rooms.push(list.slice(start, start + length))
    start += length
  }
  return rooms
}
