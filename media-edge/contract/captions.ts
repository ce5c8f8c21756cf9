// Captions (isClosedCaptioning, isTranscribing): a host or co-host turns them on in a
// language, optionally keeping the final lines as a transcript.
import { z } from 'zod'
import { answers, type ClientEventDefinition } from './event-parts'

/** Ours: the languages captions can be started in (the product's). */
export const CAPTION_LANGUAGES = ['en', 'es', 'pt'] as const
export type CaptionLanguage = (typeof CAPTION_LANGUAGES)[number]

export const captionsClientEvents = {
  /** A host or co-host turns captions on (optionally kept as a transcript) or off. */
  'transcribe:start': {
    payload: z.object({ language: z.enum(CAPTION_LANGUAGES), transcript: z.boolean() }),
    answer: answers<CaptionsState>(),
  },
  'transcribe:stop': { answer: answers() },
} satisfies Record<string, ClientEventDefinition>

export interface CaptionsServerEvents {
  /** Captions turned on or off. */
  transcription: (payload: CaptionsState) => void
  /** A caption line, interim or final. */
  newTranscription: (payload: Caption) => void
}

/** The meeting's captions: on, in which language, and whether the final lines are kept as a transcript. */
export type CaptionsState = { on: false } | { on: true; language: CaptionLanguage; transcript: boolean }

/** One caption line (currentSubtitle: name, transcript). An interim line's id is the same until it is final. */
export interface Caption {
  id: string
  peerId: string
  name: string
  text: string
  final: boolean
}
