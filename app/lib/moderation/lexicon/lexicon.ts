// The shape of a word list of the built-in scorer (../lexicon-scorer.ts): for each category, the
// words or phrases and their weight from 1 to 100 (how toxic one occurrence is on its own). A term
// ending in `*` matches any word it begins (idiot* → idiots, idiotic). Accents, case, repeated
// letters and simple leetspeak are normalised away, in the text and in the terms alike.
import type { ModerationCategory } from '../provider'

export type Lexicon = Partial<Record<ModerationCategory, Record<string, number>>>
