import { z } from 'zod'
import type { TranslationKey, TranslationValues } from '../i18n/i18n'

/** A message for the next page: a translation key (and its values), shown as success or error. */
export type Flash = { kind: 'success' | 'error'; message: TranslationKey; values?: TranslationValues }

export const FlashSchema = z.object({
  kind: z.enum(['success', 'error']),
  message: z.string().regex(/^[a-z][A-Za-z]*:[\w.]+$/),
  values: z.record(z.union([z.string(), z.number()])).optional(),
})
