// The profile form (/me/settings and PUT /api/me): the person's own name, about, links and preferences. Browser-safe;
// messages are translation keys.
import { z } from 'zod'
import { LANGUAGES } from '../i18n/i18n'

const tooLong = 'account:errors.tooLong'
const optionalText = (max: number) => z.string().trim().max(max, tooLong).optional()

/** An http(s) address with a host; anything else (javascript:, mailto:, "example.com") is refused. */
function isWebAddress(value: string) {
  if (!/^https?:\/\//i.test(value)) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.') && !/\s/.test(value)
  } catch {
    return false
  }
}

const optionalUrl = z
  .string()
  .trim()
  .max(1024, tooLong)
  .refine((value) => value === '' || isWebAddress(value), 'account:errors.urlInvalid')
  .optional()

const flag = z.boolean({ invalid_type_error: 'account:errors.flagInvalid' }).default(false)

/**
 * The profile form (the user's and host's profile): text trimmed,
 * unchecked boxes read as false. Messages are translation keys.
 */
export const ProfileSchema = z.object({
  intent: z.literal('profile'),
  name: z
    .string({ required_error: 'account:errors.nameRequired' })
    .trim()
    .superRefine((value, context) => {
      // Required, first and last name, at least 2 characters.
      const message = !value
        ? 'account:errors.nameRequired'
        : value.length < 2
          ? 'account:errors.nameTooShort'
          : value.length > 255
            ? tooLong
            : !/\S\s+\S/.test(value)
              ? 'account:errors.nameFull'
              : null
      if (message) context.addIssue({ code: z.ZodIssueCode.custom, message })
    }),
  about: optionalText(2000),
  company: optionalText(255),
  jobTitle: optionalText(255),
  location: optionalText(255),
  interests: optionalText(1000),
  websiteUrl: optionalUrl,
  facebookUrl: optionalUrl,
  linkedinUrl: optionalUrl,
  twitterUrl: optionalUrl,
  instagramUrl: optionalUrl,
  calendarUrl: optionalUrl,
  preferredLanguage: z.enum(LANGUAGES, { errorMap: () => ({ message: 'account:errors.languageInvalid' }) }).optional(),
  preferenceEmailNotifications: flag,
  preferenceSmsNotifications: flag,
  preferenceShowEmailAddress: flag,
  preferenceShowPhoneNumber: flag,
})

export type ProfileFields = z.input<typeof ProfileSchema>
