// The built-in toxicity scorer: a word list, not a classifier. It knows only the words and
// phrases of lexicon/{en,es,pt}.ts, so it catches the obvious (insults, profanity, threats) and
// misses sarcasm, context and anything it was not told; a hosted classifier (perspective.server.ts)
// does better where one is configured. It needs nothing installed and never fails, which is why it
// is the default and the stand-in when the hosted classifier is down.
//
// Scoring (README "Content moderation"): the text and every term are normalised alike (lower case,
// accents removed, leetspeak digits and symbols read as letters, a letter repeated in a row read
// once), split into words; each occurrence of a term on word boundaries is a match with its
// weight w (1–100). The score is 100 × (1 − Π(1 − w/100)) over every match, rounded: one match
// scores its weight, each further match raises the score towards 100 and none lowers it
// (monotonic), no match (or no text) scores 0. A run of words counts once, as the heaviest term it
// matches; a phrase and a word inside it are different runs and both count. Words of all three lists count whatever the
// language, since a community's members write in more than one.
import { en } from './lexicon/en'
import { es } from './lexicon/es'
import type { Lexicon } from './lexicon/lexicon'
import { pt } from './lexicon/pt'
import {
  clampScore,
  type ModerationCategory,
  type ModerationMatch,
  type ModerationProvider,
  type ModerationResult,
} from './provider'

export const LEXICONS: Record<'en' | 'es' | 'pt', Lexicon> = { en, es, pt }

/** Leetspeak read as the letters it stands for (inside a word only: "2024" stays a number). */
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
}

/** Plain text as words: lower case, no accents, leetspeak read, repeated letters once ("stuuupid" → "stupid"). */
export function normalisedWords(text: string): string[] {
  const plain = text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
  return plain
    .split(/[^a-z0-9@$!|]+/)
    .map((token) => token.replace(/^[!|]+|[!|]+$/g, ''))
    .filter((token) => /[a-z]/.test(token))
    .map((token) => token.replace(/[0-9@$!|]/g, (char) => LEET[char] ?? char).replace(/[^a-z]/g, ''))
    .map((word) => word.replace(/(.)\1+/g, '$1'))
    .filter(Boolean)
}

type Term = { term: string; words: string[]; prefix: boolean; category: ModerationCategory; weight: number }

/** Every term of the lists, normalised like the text; a term in two lists counts once, at its higher weight. */
function compile(lexicons: readonly Lexicon[]): Term[] {
  const byKey = new Map<string, Term>()
  for (const lexicon of lexicons) {
    for (const [category, terms] of Object.entries(lexicon) as Array<[ModerationCategory, Record<string, number>]>) {
      for (const [term, weight] of Object.entries(terms)) {
        const prefix = term.endsWith('*')
        const words = normalisedWords(prefix ? term.slice(0, -1) : term)
        if (words.length === 0) continue
        const key = `${words.join(' ')}${prefix ? '*' : ''}`
        const known = byKey.get(key)
        if (!known || known.weight < weight)
          byKey.set(key, { term, words, prefix, category, weight: Math.min(100, Math.max(1, weight)) })
      }
    }
  }
  return [...byKey.values()]
}

function matchesAt(words: readonly string[], at: number, term: Term): boolean {
  if (at + term.words.length > words.length) return false
  return term.words.every((word, index) => {
    const actual = words[at + index]!
    // Only a term's last word takes endings (idiot* → idiots).
    return term.prefix && index === term.words.length - 1 ? actual.startsWith(word) : actual === word
  })
}

/**
 * The matches of these terms in the text, one per occurrence: a run of words counts once, as the
 * heaviest term it matches ("idiota" is the English idiot* and the Spanish idiota*, one insult).
 */
export function findMatches(text: string, terms: readonly Term[]): ModerationMatch[] {
  const words = normalisedWords(text)
  const found: ModerationMatch[] = []
  for (let at = 0; at < words.length; at += 1) {
    const bestByLength = new Map<number, Term>()
    for (const term of terms) {
      if (!matchesAt(words, at, term)) continue
      const best = bestByLength.get(term.words.length)
      if (!best || best.weight < term.weight) bestByLength.set(term.words.length, term)
    }
    for (const term of bestByLength.values())
      found.push({ term: term.term, category: term.category, weight: term.weight })
  }
  return found
}

/** 100 × (1 − Π(1 − w/100)): each match's weight, combined so that more matches only ever score higher. */
export function combinedScore(weights: readonly number[]): number {
  const clean = weights.reduce((product, weight) => product * (1 - Math.min(100, Math.max(0, weight)) / 100), 1)
  return clampScore(100 * (1 - clean))
}

/** The built-in provider over the given lists (all three by default). */
export function lexiconScorer(lexicons: readonly Lexicon[] = Object.values(LEXICONS)): ModerationProvider {
  const terms = compile(lexicons)
  return {
    async score(text: string): Promise<ModerationResult> {
      const matches = findMatches(text, terms)
      return { score: combinedScore(matches.map((match) => match.weight)), provider: 'lexicon', matches }
    },
  }
}
