// A quick poll: one question a host asks, a few options, one answer per person. Votes
// are kept by user id, so reconnecting (a new peer) does not vote twice. The question and options
// come trimmed and within their limits (the poll:create schema, contract/polls.ts). Pure, tested on
// its own.
import type { Poll } from './contract/polls'

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
