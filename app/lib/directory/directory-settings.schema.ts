/**
 * The admin directory page's settings form (the directory settings: enabled, type,
 * position, offsets, theme, self signup; pinned rooms are each room's own row on the same page).
 * Browser-safe; messages are translation keys. Unticked checkboxes are not posted: flags default to false.
 */
import { z } from 'zod'
import { NAMED_THEME_NAMES } from '../communities/theme'
import { DIRECTORY_POSITIONS, DIRECTORY_TYPES, OFFSET_MAX } from './directory'

const flag = z.boolean({ invalid_type_error: 'directory:errors.choiceInvalid' }).default(false)
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { errorMap: () => ({ message: 'directory:errors.choiceInvalid' }) })
const offset = z
  .number({ required_error: 'directory:errors.offsetRequired', invalid_type_error: 'directory:errors.offsetInvalid' })
  .int('directory:errors.offsetInvalid')
  .min(0, 'directory:errors.offsetRange')
  .max(OFFSET_MAX, 'directory:errors.offsetRange')

export const DIRECTORY_THEMES = ['', ...NAMED_THEME_NAMES] as const

export const DirectorySettingsSchema = z.object({
  intent: z.literal('settings'),
  enabled: flag,
  type: choice(DIRECTORY_TYPES),
  position: choice(DIRECTORY_POSITIONS),
  offsetX: offset,
  offsetY: offset,
  // Empty: the community's own theme.
  theme: z
    .string()
    .optional()
    .transform((value) => value ?? '')
    .refine((value) => (DIRECTORY_THEMES as readonly string[]).includes(value), 'directory:errors.choiceInvalid'),
  selfSignup: flag,
})

export type DirectorySettingsFields = z.input<typeof DirectorySettingsSchema>
