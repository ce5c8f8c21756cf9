// Filling breakout rooms from an event (issue 14 item 2.3): the event's predefined groups, or
// matchmaking by registration answers (spec §5: sorting by the primary field; the composition's
// breakoutSize). Pure and browser-safe: the meeting client runs it over the people present.
import { BREAKOUT_SIZE_MIN } from './event-rules'

/** What the meeting needs to fill breakouts for an event: its groups and answers, keyed by user id. */
export interface EventBreakoutPlan {
  /** The composition's breakout size (people per room). */
  size: number
  /** The predefined groups (their addresses turned into user ids; unknown addresses dropped). */
  groups: string[][]
  /** Each registered person's answer to the primary matchmaking field; empty when none is chosen. */
  answers: Record<string, string>
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

/**
 * Matchmaking: people with the same answer (trimmed, any case) together, in rooms of at most
 * `size`, split evenly (5 with size 4 are 3 and 2, not 4 and 1). Those whose answer nobody else
 * gave, and those without an answer, are mixed in rooms of their own; a single one left over
 * joins the smallest room rather than be alone. Answers in alphabetical order, so the same
 * answers give the same rooms.
 */
export function sortByAnswers(people: ReadonlyArray<{ userId: string; answer: string | null | undefined }>, size: number): string[][] {
  const perRoom = Math.max(BREAKOUT_SIZE_MIN, Math.floor(size) || DEFAULT_BREAKOUT_SIZE)
  const buckets = new Map<string, string[]>()
  const unanswered: string[] = []
  for (const { userId, answer } of people) {
    const key = (answer ?? '').trim().toLocaleLowerCase()
    if (key) buckets.set(key, [...(buckets.get(key) ?? []), userId])
    else unanswered.push(userId)
  }
  const rooms: string[][] = []
  const lone: string[] = []
  for (const key of [...buckets.keys()].sort((a, b) => a.localeCompare(b))) {
    const bucket = buckets.get(key)!
    if (bucket.length === 1) lone.push(bucket[0]!)
    else rooms.push(...splitEvenly(bucket, perRoom))
  }
  // Lone answers (in answer order), then the unanswered as they came.
  const mixed = [...lone, ...unanswered]
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
