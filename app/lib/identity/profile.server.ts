// The person's own profile (/me/settings and GET /api/users/me, PUT /api/me): the values the form starts from, and
// the one command that stores a checked form. Only the person changes it (docs/security.md, "Who may change what").
import type { z } from 'zod'
import type { User } from '#models/index'
import type { ProfileSchema } from './profile.schema'

/** The profile form's values as the account stores them (empty text for none). */
export function profileValues(user: User) {
  return {
    name: user.name ?? '',
    about: user.about ?? '',
    company: user.company ?? '',
    jobTitle: user.jobTitle ?? '',
    location: user.location ?? '',
    interests: user.interests ?? '',
    websiteUrl: user.websiteUrl ?? '',
    facebookUrl: user.facebookUrl ?? '',
    linkedinUrl: user.linkedinUrl ?? '',
    twitterUrl: user.twitterUrl ?? '',
    instagramUrl: user.instagramUrl ?? '',
    calendarUrl: user.calendarUrl ?? '',
    preferredLanguage: user.preferredLanguage ?? '',
    preferenceEmailNotifications: user.preferenceEmailNotifications,
    preferenceSmsNotifications: user.preferenceSmsNotifications,
    preferenceShowEmailAddress: user.preferenceShowEmailAddress,
    preferenceShowPhoneNumber: user.preferenceShowPhoneNumber,
  }
}

/** Stores a checked profile form: empty text as none, the name's spaces folded. */
export async function updateProfile(user: User, value: z.output<typeof ProfileSchema>) {
  const { intent: _intent, name, preferredLanguage, ...rest } = value
  const text = (entry: string | undefined) => entry || null
  await user.update({
    name: name.replace(/\s+/g, ' '),
    about: text(rest.about),
    company: text(rest.company),
    jobTitle: text(rest.jobTitle),
    location: text(rest.location),
    interests: text(rest.interests),
    websiteUrl: text(rest.websiteUrl),
    facebookUrl: text(rest.facebookUrl),
    linkedinUrl: text(rest.linkedinUrl),
    twitterUrl: text(rest.twitterUrl),
    instagramUrl: text(rest.instagramUrl),
    calendarUrl: text(rest.calendarUrl),
    preferredLanguage: preferredLanguage ?? null,
    preferenceEmailNotifications: rest.preferenceEmailNotifications,
    preferenceSmsNotifications: rest.preferenceSmsNotifications,
    preferenceShowEmailAddress: rest.preferenceShowEmailAddress,
    preferenceShowPhoneNumber: rest.preferenceShowPhoneNumber,
  })
}
