// The built-in toxicity scorer (app/lib/moderation/lexicon-scorer.ts): each language's list, the
// normalisation (case, accents, leetspeak, repeated letters, word boundaries), the combining
// formula (monotonic, bounded, one match = its weight) and empty text.
import { describe, expect, it } from 'vitest'
import { LEXICONS, combinedScore, lexiconScorer, normalisedWords } from '#app/lib/moderation/lexicon-scorer'
import { en } from '#app/lib/moderation/lexicon/en'

const scorer = lexiconScorer()
const score = async (text: string, language: string | null = null) => (await scorer.score(text, language)).score

describe('normalisation', () => {
  it('lowers case, drops accents, reads leetspeak inside words and repeated letters once', () => {
    expect(normalisedWords('ESTÚPIDO Coração')).toEqual(['estupido', 'coracao'])
    expect(normalisedWords('1d10t $tup1d')).toEqual(['idiot', 'stupid'])
    expect(normalisedWords('stuuuupid!!! idiot!')).toEqual(['stupid', 'idiot'])
    expect(normalisedWords('in 2024, 42 people')).toEqual(['in', 'people'])
  })
})

describe('the lexicon scorer', () => {
  it('scores nothing, or text with no listed word, 0', async () => {
    expect(await score('')).toBe(0)
    expect(await score('   ')).toBe(0)
    expect(await score('A lovely day for a walk in the park.')).toBe(0)
  })

  it.each([
    ['en', 'You are an idiot', 35],
    ['es', 'Eres un idiota', 35],
    ['pt', 'Você é um otário', 45],
    ['en', 'I will kill you', 99],
    ['es', 'te voy a matar', 90],
    ['pt', 'vou te matar', 90],
  ])('scores %s words: %j → %i', async (language, text, expected) => {
    expect(await score(text, language)).toBe(expected)
  })

  it('reads accents, case and leetspeak as the plain word', async () => {
    const plain = await score('eres un estupido imbecil')
    expect(await score('Eres un ESTÚPIDO imbécil')).toBe(plain)
    expect(await score('eres un 3stup1d0 1mb3c1l')).toBe(plain)
    expect(await score('you are an 1d10t')).toBe(await score('you are an idiot'))
    expect(await score('you are an iiiidiooot')).toBe(await score('you are an idiot'))
    expect(plain).toBeGreaterThan(0)
  })

  it('matches on word boundaries only (and a starred term takes endings)', async () => {
    // "shit" is in the list, "shitake" (or a Portuguese "vermelho" for "verme") is not a match.
    expect(await score('shiitake mushrooms')).toBe(0)
    expect(await score('um carro vermelho')).toBe(0)
    expect(await score('a putative cause')).toBe(0)
    expect(await score('idiots')).toBe(35)
    expect(await score('idiotic')).toBe(35)
  })

  it('is monotonic: each further match raises the score, none lowers it, and it stays within 0–100', async () => {
    const texts = [
      'you',
      'you idiot',
      'you stupid idiot',
      'you stupid fucking idiot',
      'you stupid fucking idiot jerk',
      'you stupid fucking idiot jerk, i will kill you',
      'you stupid fucking idiot jerk, i will kill you, kill yourself',
    ]
    const scores = await Promise.all(texts.map((text) => score(text)))
    expect(scores.slice(0, 5)).toEqual([0, 35, 58, 81, 86])
    for (let n = 1; n < scores.length; n += 1) expect(scores[n]).toBeGreaterThanOrEqual(scores[n - 1]!)
    expect(scores.at(-1)).toBe(100)
  })

  it('holds a single mild insult below the default threshold (70) and a threat at or above it', async () => {
    expect(await score('that was stupid')).toBeLessThan(70)
    expect(await score('I will find where you live')).toBeGreaterThanOrEqual(70)
  })

  it('says what it matched, with the category and weight', async () => {
    const result = await scorer.score('you moron', 'en')
    expect(result.provider).toBe('lexicon')
    expect(result.matches).toEqual([{ term: 'moron*', category: 'insult', weight: 40 }])
  })

  it('keeps every list in weights from 1 to 100', () => {
    for (const lexicon of Object.values(LEXICONS))
      for (const terms of Object.values(lexicon))
        for (const weight of Object.values(terms)) expect(weight).toBeGreaterThanOrEqual(1)
    expect(Object.keys(en.threat ?? {}).length).toBeGreaterThan(0)
  })
})

describe('combinedScore', () => {
  it('is one weight alone, 0 for none, never above 100 and never lower for one more weight', () => {
    expect(combinedScore([])).toBe(0)
    expect(combinedScore([42])).toBe(42)
    expect(combinedScore([100, 10])).toBe(100)
    expect(combinedScore([50, 50])).toBe(75)
    let previous = 0
    for (const weights of [[10], [10, 1], [10, 1, 30], [10, 1, 30, 99]]) {
      const next = combinedScore(weights)
      expect(next).toBeGreaterThanOrEqual(previous)
      previous = next
    }
  })
})
