// The member forms' zod schemas (the member editor and the new member wizard, people and link
// rules): used by the actions to parse and by the pages for their constraints. Browser-safe; every
// message is a translation key of the members namespace.
import { z } from 'zod'
import { isMobilePhone, normalisePhone } from '#app/lib/identity/phone'

const tooLong = 'members:editor.errors.tooLong'
const optionalText = (max: number) => z.string().trim().max(max, tooLong).optional()

/** Required, first and last name, at least 2 characters. */
export const fullNameField = () =>
  z
    .string({ required_error: 'members:editor.errors.nameRequired' })
    .trim()
    .superRefine((value, context) => {
      const message = !value
        ? 'members:editor.errors.nameRequired'
        : value.length < 2
          ? 'members:editor.errors.nameTooShort'
          : value.length > 255
            ? tooLong
            : !/\S\s+\S/.test(value)
              ? 'members:editor.errors.nameFull'
              : null
      if (message) context.addIssue({ code: z.ZodIssueCode.custom, message })
    })
    .transform((value) => value.replace(/\s+/g, ' '))

/** A valid email is required; emails are trimmed and lowercased. */
export const emailField = () =>
  z
    .string({ required_error: 'members:editor.errors.emailRequired' })
    .trim()
    .toLowerCase()
    .min(1, 'members:editor.errors.emailRequired')
    .max(255, tooLong)
    .email('members:editor.errors.emailInvalid')

/**
 * A valid mobile number, normalised (non-digits stripped, a leading 00 read as +, +1 when
 * there is no country code). Empty is allowed (no phone); the value is the normalised number.
 */
export const phoneField = () =>
  z
    .string()
    .trim()
    .max(40, 'members:editor.errors.phoneInvalid')
    .optional()
    .transform((value) => normalisePhone(value ?? ''))
    .refine((value) => value === '' || isMobilePhone(value), 'members:editor.errors.phoneInvalid')

export const ROOM_LINK_MAX = 64

/** The first room link rule a typed link breaks, as its message key, or null. */
export function roomLinkProblem(typed: string) {
  if (!typed) return 'members:roomLink.errors.required' as const
  if (typed.length < 2) return 'members:roomLink.errors.tooShort' as const
  if (!/^[A-Za-z0-9]/.test(typed)) return 'members:roomLink.errors.start' as const
  if (!/^[A-Za-z0-9_-]+$/.test(typed)) return 'members:roomLink.errors.characters' as const
  if (typed.length > ROOM_LINK_MAX) return 'members:roomLink.errors.tooLong' as const
  return null
}

/** A room link field: trimmed, case kept (the "not available" message repeats what was typed). */
export const roomLinkField = () =>
  z
    .string({ required_error: 'members:roomLink.errors.required' })
    .trim()
    .superRefine((typed, context) => {
      const problem = roomLinkProblem(typed)
      if (problem) context.addIssue({ code: z.ZodIssueCode.custom, message: problem })
    })

/** An http(s) address with a host; anything else (javascript:, mailto:, "example.com") is refused. */
export function isWebAddress(value: string) {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.')
  } catch {
    return false
  }
}

const optionalUrl = () =>
  z
    .string()
    .trim()
    .max(1024, tooLong)
    .refine((value) => value === '' || isWebAddress(value), 'members:editor.errors.urlInvalid')
    .optional()

/** The social networks of the editor, each stored as a profile address in the user's <network>Url column. */
export const SOCIAL_NETWORKS = {
  facebook: 'https://www.facebook.com/',
  linkedin: 'https://www.linkedin.com/in/',
  twitter: 'https://twitter.com/',
  instagram: 'https://www.instagram.com/',
} as const
export type SocialNetwork = keyof typeof SOCIAL_NETWORKS

/** A username (an @ in front is dropped) or a full profile address. */
const socialField = () =>
  z
    .string()
    .trim()
    .max(255, tooLong)
    .transform((value) => value.replace(/^@/, ''))
    .refine(
      (value) => value === '' || /^[A-Za-z0-9._-]{1,100}$/.test(value) || isWebAddress(value),
      'members:editor.errors.socialInvalid',
    )
    .optional()

/** The username the editor shows for a stored profile address (the address itself when it is elsewhere). */
export function socialUsername(network: SocialNetwork, url: string | null): string {
  if (!url) return ''
  const prefix = SOCIAL_NETWORKS[network]
  return url.startsWith(prefix) ? url.slice(prefix.length).replace(/\/$/, '') : url
}

/** What is stored for a typed username or address. */
export function socialUrl(network: SocialNetwork, typed: string | undefined): string | null {
  if (!typed) return null
  return isWebAddress(typed) ? typed : `${SOCIAL_NETWORKS[network]}${typed}`
}

/** Role slugs as sent; which exist and which the editor may grant is the server's to say (member-roles.server.ts). */
const rolesField = () =>
  z
    .array(z.string().max(64, 'members:editor.errors.roleUnknown'))
    .max(32, 'members:editor.errors.roleUnknown')
    .optional()
    .transform((roles) => [...new Set(roles ?? [])])

const flag = () => z.boolean({ invalid_type_error: 'members:editor.errors.flagInvalid' }).default(false)

/**
 * The member editor as every community has it: what the community keeps about a member
 * (their roles, their room's link in it, the meet button), and `confirm` once a room link change
 * was confirmed. Never the person's account (docs/security.md).
 */
export const MemberEditorSchema = z.object({
  roomLink: roomLinkField(),
  alwaysEnableMeetButton: flag(),
  roles: rolesField(),
  /** The new room link, sent again by the confirmation's button: the change was read and confirmed. */
  confirm: z.string().max(ROOM_LINK_MAX).optional(),
})

/** The account's own fields, which only a community that made the account fills in, and only until its person first signs in. */
export const ManagedAccountSchema = MemberEditorSchema.extend({
  name: fullNameField(),
  emailAddress: emailField(),
  phoneNumber: phoneField(),
  location: optionalText(255),
  about: optionalText(2000),
  interests: optionalText(1000),
  company: optionalText(255),
  jobTitle: optionalText(255),
  websiteUrl: optionalUrl(),
  calendarUrl: optionalUrl(),
  facebook: socialField(),
  linkedin: socialField(),
  twitter: socialField(),
  instagram: socialField(),
})

/** The editor's schema for this member: the account's fields only when the community may still fill them in. */
export const memberEditorSchema = (managed: boolean) => (managed ? ManagedAccountSchema : MemberEditorSchema)

export type MemberEditorFields = z.input<typeof ManagedAccountSchema>
export type MemberEditorValues = z.output<typeof MemberEditorSchema> & Partial<z.output<typeof ManagedAccountSchema>>

export const ROOM_ACCESS = ['locked', 'open'] as const
export const DIRECTORY_VISIBILITY = ['everyone', 'members', 'none'] as const

/** The new member wizard: the room's name and link, the person, their roles and the room's directory settings. */
export const NewMemberSchema = z.object({
  name: z
    .string({ required_error: 'members:wizard.errors.nameRequired' })
    .trim()
    .min(2, 'members:wizard.errors.nameTooShort')
    .max(255, tooLong),
  roomLink: roomLinkField(),
  emailAddress: emailField(),
  fullName: fullNameField(),
  roles: rolesField(),
  access: z
    .enum(ROOM_ACCESS, { errorMap: () => ({ message: 'members:wizard.errors.accessInvalid' }) })
    .default('locked'),
  visibleInDirectory: z
    .enum(DIRECTORY_VISIBILITY, { errorMap: () => ({ message: 'members:wizard.errors.visibilityInvalid' }) })
    .default('members'),
  pinnedInDirectory: flag(),
})
export type NewMemberFields = z.input<typeof NewMemberSchema>
export type NewMemberValues = z.output<typeof NewMemberSchema>

/** The import form: only the file, checked by its bytes once parsed. */
export const IMPORT_MAX_BYTES = 1024 * 1024
export const IMPORT_MAX_ROWS = 1000
