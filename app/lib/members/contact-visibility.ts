// Whose email address and phone number others see (the preferences preferenceShowEmailAddress
// and preferenceShowPhoneNumber, both off by default): each shows only where its owner allows it,
// or to someone who manages the community's members (the admins' own people tools: the members
// list's manage view, the member editor). Every list that shows people to others (the members list,
// a group's people and join requests) asks here, so none shows more than the person chose.
import type { User } from '#models/user'

/** The user columns visibleContact reads, for a query that includes the user. */
export const CONTACT_ATTRIBUTES = [
  'id',
  'name',
  'emailAddress',
  'phoneNumber',
  'preferenceShowEmailAddress',
  'preferenceShowPhoneNumber',
]

type Contact = Pick<User, 'emailAddress' | 'phoneNumber' | 'preferenceShowEmailAddress' | 'preferenceShowPhoneNumber'>

/** The person's address and phone as this viewer may see them (null: hidden, or none). */
export function visibleContact(
  user: Contact,
  seesAll: boolean,
): { emailAddress: string | null; phoneNumber: string | null } {
  return {
    emailAddress: seesAll || user.preferenceShowEmailAddress ? (user.emailAddress ?? null) : null,
    phoneNumber: seesAll || user.preferenceShowPhoneNumber ? (user.phoneNumber ?? null) : null,
  }
}
