// A quick poll (issue 14): one question a host asks, a few options, one answer per person. Votes
// are kept by user id, so reconnecting (a new peer) does not vote twice. Pure, tested on its own.
import { POLL_LIMITS, type Poll } from './contract/protocol'

export class MeetingPoll {
  private readonly votes = new Map<string, number>()
  closed = false

  constructor(
    readonly id: string,
    readonly question: string,
    readonly options: string[],
  ) {}

  /** False when the poll is closed, the option does not exist or this user already answered. */
  answer(userId: string, option: number): boolean {
    if (
      this.closed ||
      !Number.isInteger(option) ||
      option < 0 ||
      option >= this.options.length ||
      this.votes.has(userId)
    )
      return false
    this.votes.set(userId, option)
    return true
  }

  answerOf(userId: string): number | null {
    return this.votes.get(userId) ?? null
  }

  view(): Poll {
    const counts = this.options.map(() => 0)
    for (const option of this.votes.values()) counts[option]! += 1
    return { id: this.id, question: this.question, options: [...this.options], counts, closed: this.closed }
  }
}

/** Trimmed question and options, or null when they break the limits (the edge then refuses). */
export function cleanPoll(question: string, options: string[]): { question: string; options: string[] } | null {
  const q = question.trim()
  const opts = options.map((option) => option.trim()).filter(Boolean)
  if (q.length < 1 || q.length > POLL_LIMITS.question) return null
  if (opts.length < POLL_LIMITS.minOptions || opts.length > POLL_LIMITS.maxOptions) return null
  if (opts.some((option) => option.length > POLL_LIMITS.option)) return null
  return { question: q, options: opts }
}
