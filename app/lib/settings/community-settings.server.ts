// The settings panel's reads and writes (docs/admin-guide.md#settings). Every action is called
// after the settings guard (manage-community in the community of the address); the brand written is
// always that community's own row.
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs } from '@remix-run/node'
import type { z } from 'zod'
import { Media, type Brand } from '#models/index'
import type { PermissionSlug } from '#models/permissions'
import { redirectWithFlash } from '../http/flash.server'
import { readForm } from '../http/form-body.server'
import type { TranslationKey } from '../i18n/i18n'
import {
  communityImageId,
  customThemeOf,
  isThemeName,
  EDITABLE_ROLES,
  STATUS_NAMES,
  onRole,
} from '../communities/theme'
import { env } from '../platform/env.server'
import {
  CommunitySettingsSchema,
  InstallSettingsSchema,
  LanguageSettingsSchema,
  ThemeSettingsSchema,
} from './community-settings.schema'
import { installSnippets } from './install'

export const SETTINGS_TABS = ['settings', 'signUp', 'theme', 'install', 'language'] as const
export type SettingsTab = (typeof SETTINGS_TABS)[number]

/** Each tab's place under /{slug}/settings. */
const TAB_PATHS: Record<SettingsTab, string> = {
  settings: '',
  signUp: '/sign-up',
  theme: '/theme',
  install: '/install',
  language: '/language',
}

/** The address of a tab of the panel. */
export const tabUrl = (slug: string, tab: SettingsTab) => `/${slug}/settings${TAB_PATHS[tab]}`

export const SAVED = { kind: 'success', message: 'settings:flash.saved' } as const

/** The settings tab's form, as the brand stores it now. */
export function communitySettingsData(brand: Brand, permissions: ReadonlySet<PermissionSlug>) {
  return {
    values: {
      name: brand.name,
      status: brand.status,
      publicCommunity: brand.publicCommunity,
      publicAccess: brand.publicAccess,
      // Public communities always moderate: shown as it is enforced.
      memberModeration: brand.memberModeration || brand.publicCommunity,
      requireMemberPhoneNumber: brand.requireMemberPhoneNumber,
      newGroupModerationEnabled: brand.newGroupModerationEnabled,
      defaultLandingPage: brand.defaultLandingPage,
      redirectOnEndCall: brand.redirectOnEndCall,
      communityToS: brand.communityToS ?? '',
      communityPP: brand.communityPP ?? '',
      meetButtonEnabled: brand.meetButtonEnabled,
      displayAbbreviatedUserNames: brand.displayAbbreviatedUserNames,
      peerSettings: brand.peerSettings,
      defaultViewDesktop: brand.defaultViewDesktop,
      defaultViewMobile: brand.defaultViewMobile,
      toolbarControls: brand.toolbarControls,
      contentModeration: { postToxicityThreshold: brand.contentModeration.postToxicityThreshold },
    },
    // Only those who may manage owners may make the community inactive (and so may change its status).
    mayChangeStatus: permissions.has('manage-community-owners'),
    version: brand.updatedAt?.toISOString() ?? '',
    constraint: getZodConstraint(CommunitySettingsSchema),
  }
}

export function themeSettingsData(brand: Brand) {
  const custom = customThemeOf(brand.themeColors)
  return {
    values: {
      theme: isThemeName(brand.theme) ? brand.theme : 'hearth',
      custom: { ...custom.colors, ...custom.status },
      customFlat: custom.flat,
      customBordered: custom.bordered,
      background: { ...brand.themeBackground, image: brand.themeBackground.image ?? '' },
      fontBase: brand.fontBase,
      fontTitle: brand.fontTitle,
    },
    version: brand.updatedAt?.toISOString() ?? '',
    constraint: getZodConstraint(ThemeSettingsSchema),
  }
}

export function languageSettingsData(brand: Brand) {
  return { values: { communityLanguage: brand.communityLanguage ?? '' }, version: brand.updatedAt?.toISOString() ?? '' }
}

export function installData(brand: Brand) {
  return {
    values: { siteUrl: brand.embeddedClientUrl ?? '' },
    version: brand.updatedAt?.toISOString() ?? '',
    snippets: installSnippets(env.PUBLIC_URL, brand.slug),
    siteUrl: brand.embeddedClientUrl,
  }
}

export type Guarded = { brand: Brand; permissions: ReadonlySet<PermissionSlug> }

/** The bad-input answer every tab gives: 400, the messages, what was typed. */
export const refused = (intent: string, result: unknown) => data({ intent, result }, { status: 400 })

export async function saveCommunitySettings(
  { request }: Pick<ActionFunctionArgs, 'request'>,
  { brand, permissions }: Guarded,
) {
  const form = await readForm(request)
  const submission = parseWithZod(form, { schema: CommunitySettingsSchema })
  if (submission.status !== 'success') return refused('settings', submission.reply())
  const refusal = await changeCommunitySettings({ brand, permissions }, submission.value)
  if (refusal) return refused('settings', submission.reply({ fieldErrors: refusal }))
  // An inactive community is not found for anyone: its owner comes back to it from /communities.
  throw await redirectWithFlash(brand.status === 'active' ? tabUrl(brand.slug, 'settings') : '/communities', SAVED)
}

/**
 * The settings tab's command (the page and PUT /api/brands/{id}): every field of the tab, checked by its schema;
 * the field errors of what the person may not change (the status, for all but those who manage owners), or null.
 */
export async function changeCommunitySettings(
  { brand, permissions }: Guarded,
  value: z.output<typeof CommunitySettingsSchema>,
): Promise<Record<string, TranslationKey[]> | null> {
  const status = (value.status ?? brand.status) as 'active' | 'deleted'
  if (status !== brand.status && !permissions.has('manage-community-owners'))
    return { status: ['settings:errors.statusOwnersOnly'] }
  await brand.update({
    name: value.name,
    status,
    publicCommunity: value.publicCommunity,
    publicAccess: value.publicAccess,
    // Public communities force membership moderation, whatever the form said.
    memberModeration: value.publicCommunity || value.memberModeration,
    requireMemberPhoneNumber: value.requireMemberPhoneNumber,
    newGroupModerationEnabled: value.newGroupModerationEnabled,
    defaultLandingPage: value.defaultLandingPage,
    redirectOnEndCall: value.redirectOnEndCall,
    communityToS: value.communityToS || null,
    communityPP: value.communityPP || null,
    meetButtonEnabled: value.meetButtonEnabled,
    displayAbbreviatedUserNames: value.displayAbbreviatedUserNames,
    peerSettings: value.peerSettings,
    defaultViewDesktop: value.defaultViewDesktop,
    defaultViewMobile: value.defaultViewMobile,
    toolbarControls: value.toolbarControls,
    // The other moderation settings (image and video categories) are kept as they are.
    contentModeration: {
      ...brand.contentModeration,
      postToxicityThreshold: value.contentModeration.postToxicityThreshold,
    },
  })
  return null
}

async function isLibraryImage(brand: Brand, address: string) {
  const id = communityImageId(address, brand.slug)
  return Boolean(id && (await Media.count({ where: { id, brandId: brand.id, kind: 'image' } })))
}

/** The theme form, read by the tab with the logo form's reader (the two share the tab's action). */
export async function saveThemeSettings(form: FormData, { brand }: Guarded) {
  const submission = parseWithZod(form, { schema: ThemeSettingsSchema })
  if (submission.status !== 'success') return refused('theme', submission.reply())
  const value = submission.value
  // Only an image of this community's own library (theme.ts communityImageId).
  if (value.background.image && !(await isLibraryImage(brand, value.background.image))) {
    return refused(
      'theme',
      submission.reply({ fieldErrors: { 'background.image': ['settings:errors.imageUrlInvalid'] } }),
    )
  }
  // The custom palette is kept whichever theme is chosen, so switching back finds it again.
  const themeColors: Record<string, string> = {
    flat: value.customFlat ? '1' : '0',
    bordered: value.customBordered ? '1' : '0',
  }
  for (const name of [...EDITABLE_ROLES.flatMap((role) => [role, onRole(role)]), ...STATUS_NAMES]) {
    const colour = value.custom[name]
    if (colour) themeColors[name] = colour.toLowerCase()
  }
  await brand.update({
    theme: value.theme,
    themeColors,
    themeBackground: { ...value.background, image: value.background.image || null },
    fontBase: value.fontBase,
    fontTitle: value.fontTitle,
  })
  throw await redirectWithFlash(tabUrl(brand.slug, 'theme'), SAVED)
}

export async function saveLanguageSettings({ request }: Pick<ActionFunctionArgs, 'request'>, { brand }: Guarded) {
  const form = await readForm(request)
  const submission = parseWithZod(form, { schema: LanguageSettingsSchema })
  if (submission.status !== 'success') return refused('language', submission.reply())
  await brand.update({ communityLanguage: submission.value.communityLanguage ?? null })
  throw await redirectWithFlash(tabUrl(brand.slug, 'language'), SAVED)
}

export async function saveInstallSettings({ request }: Pick<ActionFunctionArgs, 'request'>, { brand }: Guarded) {
  const form = await readForm(request)
  const submission = parseWithZod(form, { schema: InstallSettingsSchema })
  if (submission.status !== 'success') return refused('install', submission.reply())
  const siteUrl = submission.value.siteUrl || null
  // embeddedClientUrl: the page that embeds the community (its rooms accept being framed there);
  // documentDomain: that page's host name.
  await brand.update({ embeddedClientUrl: siteUrl, documentDomain: siteUrl ? new URL(siteUrl).hostname : null })
  throw await redirectWithFlash(tabUrl(brand.slug, 'install'), SAVED)
}
