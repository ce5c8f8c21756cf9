// Where a post meets moderation (the toxicity threshold, 0-100, default 70, enforced by a
// moderation provider). One rule: the install's product config switches moderation on
// (contentModeration.enabled, off by default: super users turn it on at /{brand}/admin/product);
// while it is on, every post, comment and reply, and every draft or scheduled post when it
// publishes, is scored, and one scoring at or above its community's threshold (community settings,
// default 70) is held for review instead of published. While it is off nothing is scored and the
// community thresholds wait. The provider is the built-in lexicon or, by env, a hosted classifier
// that falls back to the lexicon on any failure: a post is never lost nor refused for an outage.
import sanitizeHtml from 'sanitize-html'
import type { Brand } from '#models/index'
import { readProductConfig } from '#models/product-config'
import { env } from '../platform/env.server'
import { logger } from '../platform/logger.server'
import { lexiconScorer } from './lexicon-scorer'
import { perspectiveProvider } from './perspective.server'
import type { ModerationProvider, ModerationResult } from './provider'

/** The hosted provider, standing in the lexicon's answer (and a warning in the log) whenever it fails. */
export function withFallback(
  primary: ModerationProvider,
  fallback: ModerationProvider,
  name: string,
): ModerationProvider {
  return {
    async score(text, language): Promise<ModerationResult> {
      try {
        return await primary.score(text, language)
      } catch (error) {
        logger.warn(
          { provider: name, reason: error instanceof Error ? error.message : String(error) },
          'moderation: provider failed; scored with the built-in lexicon',
        )
        return fallback.score(text, language)
      }
    },
  }
}

let configured: ModerationProvider | null = null

/** The provider the environment names (MODERATION_PROVIDER), built once. */
export function moderationProvider(): ModerationProvider {
  if (configured) return configured
  const lexicon = lexiconScorer()
  configured =
    env.MODERATION_PROVIDER === 'perspective'
      ? withFallback(
          perspectiveProvider({
            url: env.MODERATION_API_URL,
            apiKey: env.MODERATION_API_KEY ?? null,
            timeoutMs: env.MODERATION_TIMEOUT_MS,
          }),
          lexicon,
          'perspective',
        )
      : lexicon
  return configured
}

/** The words of stored (sanitised) post HTML, as a classifier reads them. */
export function plainText(html: string | null | undefined): string {
  if (!html) return ''
  const text = sanitizeHtml(html.replace(/<\/(p|li|blockquote|pre)>|<br\s*\/?>/gi, '$&\n'), {
    allowedTags: [],
    allowedAttributes: {},
  })
  return text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim()
}

/** What moderation decided for a post about to be published: its status and score (null when moderation is off). */
export type Screening = { status: 'published' | 'held'; score: number | null }

/** Dependencies, passed in so tests (and callers) choose them: the provider and the install switch. */
export type ModerationDeps = { provider?: ModerationProvider; enabled?: () => Promise<boolean> }

async function installSwitch(): Promise<boolean> {
  return (await readProductConfig()).contentModeration.enabled
}

/** Held when the score reaches the community's threshold (at or above it); the threshold's edges are 0 and 100. */
export function isHeld(score: number, threshold: number): boolean {
  return score >= threshold
}

/** Scores a post's message for its community and says whether it is published or held. */
export async function screenPost(
  brand: Pick<Brand, 'contentModeration' | 'communityLanguage'>,
  html: string | null | undefined,
  deps: ModerationDeps = {},
): Promise<Screening> {
  if (!(await (deps.enabled ?? installSwitch)())) return { status: 'published', score: null }
  const provider = deps.provider ?? moderationProvider()
  const { score } = await provider.score(plainText(html), brand.communityLanguage ?? null)
  return { status: isHeld(score, brand.contentModeration.postToxicityThreshold) ? 'held' : 'published', score }
}
