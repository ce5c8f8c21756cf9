// Ours: the meeting's quick poll. A host or co-host asks one question with a few options (replacing
// the last poll), everyone answers once, and the counts are live.
import { z } from 'zod'
import { answers, id, type ClientEventDefinition } from './event-parts'
import { EDGE_ERRORS } from './protocol'

/** A poll's limits, after trimming; the poll form allows no more. */
export const POLL_LIMITS = { question: 200, option: 80, minOptions: 2, maxOptions: 6 } as const

const pollText = (max: number) => z.string().trim().max(max, EDGE_ERRORS.pollInvalid)

export const pollsClientEvents = {
  /** A host or co-host asks a quick poll (replacing the last); everyone gets poll:updated. */
  'poll:create': {
    payload: z.object({
      question: pollText(POLL_LIMITS.question).min(1, EDGE_ERRORS.pollInvalid),
      // Blank options (the form's empty rows) are left out before the options are counted.
      options: z
        .array(pollText(POLL_LIMITS.option))
        .max(POLL_LIMITS.maxOptions, EDGE_ERRORS.pollInvalid)
        .transform((options) => options.filter(Boolean))
        .refine((options) => options.length >= POLL_LIMITS.minOptions, EDGE_ERRORS.pollInvalid),
    }),
    answer: answers<Poll>(),
  },
  /** My one answer, the option's index. */
  'poll:answer': {
    payload: z.object({
      pollId: id,
      option: z
        .number()
        .int()
        .min(0)
        .max(POLL_LIMITS.maxOptions - 1),
    }),
    answer: answers(),
  },
  /** A host or co-host stops the answers; the results stay shown. */
  'poll:close': { payload: z.object({ pollId: id }), answer: answers() },
} satisfies Record<string, ClientEventDefinition>

export interface PollsServerEvents {
  /** The quick poll after it was asked, answered or closed. */
  'poll:updated': (payload: Poll) => void
}

/** The meeting's quick poll as everyone sees it (counts live, one answer per person). */
export interface Poll {
  id: string
  question: string
  options: string[]
  counts: number[]
  closed: boolean
}
