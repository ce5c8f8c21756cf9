// What every moderation provider answers (the toxicity threshold is enforced by a moderation
// provider): a toxicity score from 0 (harmless) to 100 (certainly toxic) on the same
// scale as the community's threshold, and, when the provider says, what it found. Browser-safe.

export type ModerationCategory = 'insult' | 'profanity' | 'threat' | 'hate' | 'toxicity'

export type ModerationMatch = { term: string; category: ModerationCategory; weight: number }

export type ModerationResult = {
  /** 0–100, a whole number. */
  score: number
  /** Which provider scored it (the lexicon when a hosted classifier failed and the lexicon stood in). */
  provider: 'lexicon' | 'perspective'
  /** The words or phrases the lexicon matched; a hosted classifier names only its attribute. */
  matches: ModerationMatch[]
}

export interface ModerationProvider {
  /** Scores plain text. `language` (en, es, pt) when the community has one; null lets the provider decide. */
  score(text: string, language: string | null): Promise<ModerationResult>
}

/** A score as the threshold reads it: a whole number from 0 to 100 whatever the provider returned. */
export function clampScore(value: number): number {
  if (!Number.isFinite(value)) return 0
  return Math.min(100, Math.max(0, Math.round(value)))
}
