/**
 * The settings panel's forms (docs/admin-guide.md#settings), one
 * schema per form; messages are translation keys. Browser-safe: the pages read their constraints.
 * Checkboxes that are not ticked are not posted at all, so every flag defaults to false.
 */
import { z } from 'zod'
import type { ViewingMode } from '#models/brand-config'
import {
  BACKGROUND_OPTIONS,
  EDITABLE_ROLES,
  STATUS_NAMES,
  THEME_NAMES,
  isFontName,
  BACKGROUND_IMAGE_PATH,
  onRole,
  contrastRatio,
  MIN_CONTRAST,
} from '../communities/theme'
import { LOGO_MAX_BYTES } from '../communities/community-logo'
import { LANGUAGES } from '../i18n/i18n'

export const flag = z.boolean({ invalid_type_error: 'settings:errors.flagInvalid' }).default(false)
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { errorMap: () => ({ message: 'settings:errors.choiceInvalid' }) })
const whole = (min: number, max: number) =>
  z
    .number({ required_error: 'settings:errors.numberRequired', invalid_type_error: 'settings:errors.numberInvalid' })
    .int('settings:errors.numberWhole')
    .min(min, 'settings:errors.numberRange')
    .max(max, 'settings:errors.numberRange')

/** An http(s) address with a host; anything else (javascript:, mailto:, "example.com") is refused. */
export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.')
  } catch {
    return false
  }
}

const optionalUrl = (message: 'settings:errors.urlInvalid' | 'settings:errors.siteUrlInvalid') =>
  z
    .string()
    .trim()
    .max(1024, 'settings:errors.tooLong')
    .refine((value) => value === '' || isWebAddress(value), message)
    .optional()

/**
 * Where the community sends people first, and where a call ends (defaultLandingPage rooms, redirectOnEndCall thankYou).
 */
/** The meeting's viewing modes (models/brand-config.ts VIEWING_MODES; models/ is server code, so the list is typed against it here). */
export const VIEWING_MODES = ['tiles', 'primarySpeaker', 'presenter'] as const satisfies readonly ViewingMode[]

export const LANDING_PAGES = ['rooms', 'hub', 'announcements'] as const
export const END_CALL_REDIRECTS = ['thankYou', 'home'] as const

/** The peer display settings: the tiles shown at once (16) and their smallest width in px (160). */
export const PEERS_MAX = { min: 1, max: 49 }
export const PEERS_MIN_SIZE = { min: 80, max: 640 }
export const TOXICITY = { min: 0, max: 100 }

export const TOOLBAR_CONTROLS = [
  'chat',
  'settings',
  'sharedVideo',
  'sharedScreen',
  'recording',
  'transcribe',
  'closedCaption',
  'live',
  'viewingMode',
  'fullScreen',
] as const
export const PUBLIC_ACCESS_PAGES = ['hub', 'groups', 'members', 'subcommunities'] as const

// A group of checkboxes none of which is ticked is not posted at all: each group defaults to all off.
const allOff = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, false])) as Record<K, boolean>
const publicAccess = z
  .object({ hub: flag, groups: flag, members: flag, subcommunities: flag })
  .default(allOff(PUBLIC_ACCESS_PAGES))
const toolbarControls = z
  .object({
    chat: flag,
    settings: flag,
    sharedVideo: flag,
    sharedScreen: flag,
    recording: flag,
    transcribe: flag,
    closedCaption: flag,
    live: flag,
    viewingMode: flag,
    fullScreen: flag,
  })
  .default(allOff(TOOLBAR_CONTROLS))

export const CommunitySettingsSchema = z.object({
  intent: z.literal('settings'),
  name: z
    .string({ required_error: 'settings:errors.nameRequired' })
    .trim()
    .min(2, 'settings:errors.nameTooShort')
    .max(255, 'settings:errors.tooLong'),
  // Only an owner's form carries it; the server checks the permission again.
  status: choice(['active', 'deleted']).optional(),
  publicCommunity: flag,
  publicAccess,
  memberModeration: flag,
  requireMemberPhoneNumber: flag,
  newGroupModerationEnabled: flag,
  defaultLandingPage: choice(LANDING_PAGES),
  redirectOnEndCall: choice(END_CALL_REDIRECTS),
  communityToS: optionalUrl('settings:errors.urlInvalid'),
  communityPP: optionalUrl('settings:errors.urlInvalid'),
  meetButtonEnabled: flag,
  displayAbbreviatedUserNames: flag,
  peerSettings: z.object({
    peersMax: whole(PEERS_MAX.min, PEERS_MAX.max),
    peersMinSize: whole(PEERS_MIN_SIZE.min, PEERS_MIN_SIZE.max),
    mirrorOwnVideo: flag,
    defaultDisplayName: z
      .string({ required_error: 'settings:errors.displayNameRequired' })
      .trim()
      .min(1, 'settings:errors.displayNameRequired')
      .max(64, 'settings:errors.tooLong'),
    peersDisplayNameplates: flag,
  }),
  defaultViewDesktop: choice(VIEWING_MODES),
  defaultViewMobile: choice(VIEWING_MODES),
  toolbarControls,
  contentModeration: z.object({ postToxicityThreshold: whole(TOXICITY.min, TOXICITY.max) }),
})

/** What a colour input posts: #rrggbb. */
const hex = z
  .string({ required_error: 'settings:errors.colorInvalid' })
  .regex(/^#[0-9a-f]{6}$/i, 'settings:errors.colorInvalid')
const font = z
  .string({ required_error: 'settings:errors.fontInvalid' })
  .trim()
  .refine(isFontName, 'settings:errors.fontInvalid')

const customColors = z.object(
  Object.fromEntries(
    [...EDITABLE_ROLES.flatMap((role) => [role, onRole(role)]), ...STATUS_NAMES].map((name) => [name, hex]),
  ) as Record<string, typeof hex>,
)

export const ThemeSettingsSchema = z
  .object({
    intent: z.literal('theme'),
    theme: choice(THEME_NAMES as unknown as readonly [string, ...string[]]),
    custom: customColors,
    customFlat: flag,
    customBordered: flag,
    background: z.object({
      image: z
        .string()
        .trim()
        .refine((value) => value === '' || BACKGROUND_IMAGE_PATH.test(value), 'settings:errors.imageUrlInvalid')
        .optional(),
      position: choice(BACKGROUND_OPTIONS.position),
      repeat: choice(BACKGROUND_OPTIONS.repeat),
      size: choice(BACKGROUND_OPTIONS.size),
      attachment: choice(BACKGROUND_OPTIONS.attachment),
    }),
    fontBase: font,
    fontTitle: font,
  })
  .superRefine((value, context) => {
    // Text must stay readable on the custom colours (each on-colour on its role).
    if (value.theme !== 'custom') return
    for (const role of EDITABLE_ROLES) {
      const [back, text] = [value.custom[role], value.custom[onRole(role)]]
      if (back && text && contrastRatio(back, text) < MIN_CONTRAST) {
        context.addIssue({
          code: z.ZodIssueCode.custom,
          path: ['custom', onRole(role)],
          message: 'settings:errors.contrast',
        })
      }
    }
  })

/** The logo form (theme tab): one file, its size checked here; what it holds, by its bytes, when it is stored. */
export const LogoSettingsSchema = z.object({
  intent: z.literal('logo'),
  logo: z
    .instanceof(File, { message: 'settings:errors.logoRequired' })
    .refine((file) => file.size > 0, 'settings:errors.logoRequired')
    .refine((file) => file.size <= LOGO_MAX_BYTES, 'settings:errors.logoTooLarge'),
})

export const LanguageSettingsSchema = z.object({
  intent: z.literal('language'),
  // Empty: each visitor reads the community in their own language.
  communityLanguage: z.enum(LANGUAGES, { errorMap: () => ({ message: 'settings:errors.languageInvalid' }) }).optional(),
})

export const InstallSettingsSchema = z.object({
  intent: z.literal('install'),
  // "Site domain must be a valid URL".
  siteUrl: optionalUrl('settings:errors.siteUrlInvalid'),
})

export type CommunitySettingsFields = z.input<typeof CommunitySettingsSchema>
export type ThemeSettingsFields = z.input<typeof ThemeSettingsSchema>
export type LogoSettingsFields = z.input<typeof LogoSettingsSchema>
export type LanguageSettingsFields = z.input<typeof LanguageSettingsSchema>
export type InstallSettingsFields = z.input<typeof InstallSettingsSchema>
