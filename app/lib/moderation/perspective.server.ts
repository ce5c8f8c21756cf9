// The hosted classifier adapter: Google's Perspective API (or any service speaking its protocol).
// Request, as documented for comments:analyze:
//   POST {url}?key={key}
//   { "comment": { "text": "…" }, "languages": ["en"], "requestedAttributes": { "TOXICITY": {} }, "doNotStore": true }
// Answer: { "attributeScores": { "TOXICITY": { "summaryScore": { "value": 0.87, "type": "PROBABILITY" } } } }
// The value (0..1, the probability a reader finds the text toxic) becomes 0..100. A slow answer is
// cut off after `timeoutMs`; any failure throws, and the caller (moderation.server.ts) falls back to
// the lexicon. Errors never carry the URL: it holds the key.
import { clampScore, type ModerationProvider, type ModerationResult } from './provider'

export const PERSPECTIVE_URL = 'https://commentanalyzer.googleapis.com/v1alpha1/comments:analyze'

/** The languages Perspective's TOXICITY attribute takes that Hearth speaks; others are left to its detection. */
const LANGUAGES = new Set(['en', 'es', 'pt'])

export class ModerationProviderError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ModerationProviderError'
  }
}

export type PerspectiveOptions = {
  url?: string
  apiKey?: string | null
  timeoutMs: number
  fetch?: typeof globalThis.fetch
}

/** The value Perspective put at attributeScores.TOXICITY.summaryScore.value, or an error. */
function toxicityOf(body: unknown): number {
  const value = (body as { attributeScores?: { TOXICITY?: { summaryScore?: { value?: unknown } } } } | null)
    ?.attributeScores?.TOXICITY?.summaryScore?.value
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1)
    throw new ModerationProviderError('perspective: no TOXICITY summary score in the answer')
  return value
}

export function perspectiveProvider({
  url = PERSPECTIVE_URL,
  apiKey,
  timeoutMs,
  fetch = globalThis.fetch,
}: PerspectiveOptions): ModerationProvider {
  return {
    async score(text: string, language: string | null): Promise<ModerationResult> {
      // Perspective refuses an empty comment; nothing to say is nothing toxic.
      if (!text.trim()) return { score: 0, provider: 'perspective', matches: [] }
      const address = new URL(url)
      if (apiKey) address.searchParams.set('key', apiKey)
      const request = {
        comment: { text },
        ...(language && LANGUAGES.has(language) ? { languages: [language] } : {}),
        requestedAttributes: { TOXICITY: {} },
        // Posts are the community's, not training data for the classifier.
        doNotStore: true,
      }
      let response: Response
      try {
        response = await fetch(address, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(request),
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
        throw new ModerationProviderError(
          timedOut ? `perspective: no answer within ${timeoutMs} ms` : 'perspective: could not be reached',
        )
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined)
        throw new ModerationProviderError(`perspective: answered ${response.status}`)
      }
      let body: unknown
      try {
        body = await response.json()
      } catch {
        throw new ModerationProviderError('perspective: the answer is not JSON')
      }
      const value = toxicityOf(body)
      const score = clampScore(value * 100)
      return { score, provider: 'perspective', matches: [{ term: 'TOXICITY', category: 'toxicity', weight: score }] }
    },
  }
}
