import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { acceptAvatar, removeAvatar } from '#app/lib/identity/avatars.server'
import { readFormWithFile, UPLOAD_MAX_BYTES } from '#app/lib/http/form-body.server'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { ProfileSchema } from '#app/lib/identity/profile.schema'
import { profileValues, updateProfile } from '#app/lib/identity/profile.server'
import { resolveLanguage } from '#app/lib/i18n/i18n.server'
import type { User } from '#models/index'
import { ownRoomUrl } from '#app/lib/rooms/own-room'
import { userCommunities } from '#app/lib/rooms/user-rooms.server'
import { deleteAccount } from '#app/lib/identity/account-deletion.server'
import { endIdentity, viewer, withSession, type AppSession } from '#app/lib/http/session.server'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { requireUser } from '#app/lib/http/guards.server'
import { SETTINGS_PATH } from '#app/lib/identity/contact-change.server'
import { contactAction, contactLoaderData, isContactIntent } from './contact-change.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'

export type { ContactCodeFields, ContactError, EmailChangeFields, PhoneChangeFields } from './contact-change.server'
export type { ProfileFields } from '#app/lib/identity/profile.schema'
const SAVED: TranslationKey = 'account:settings.saved'

/** The picture form: one image file, checked by its bytes after parsing. */
export const AvatarSchema = z.object({
  intent: z.literal('avatar'),
  avatar: z
    .instanceof(File, { message: 'account:errors.avatarRequired' })
    .refine((file) => file.size > 0, 'account:errors.avatarRequired')
    .refine((file) => file.size <= UPLOAD_MAX_BYTES, 'account:errors.avatarTooLarge'),
})

/** Deleting the account: the email address (or, for a phone-only account, the phone number) typed out. */
export const DeleteAccountSchema = z.object({
  intent: z.literal('delete'),
  confirmation: z.string().trim().optional(),
})

export type AvatarFields = z.input<typeof AvatarSchema>
export type DeleteAccountFields = z.input<typeof DeleteAccountSchema>

/** What a delete must match, and the message when it does not. */
function confirmationFor(user: User) {
  return user.emailAddress
    ? { identifier: user.emailAddress, kind: 'email' as const, error: 'account:errors.confirmEmail' as const }
    : { identifier: user.phoneNumber ?? '', kind: 'phone' as const, error: 'account:errors.confirmPhone' as const }
}

export async function settingsLoader(args: LoaderFunctionArgs) {
  const { request, context } = args
  const user = await requireUser({ request, context })
  const { session } = await viewer(request, context)
  const { identifier, kind } = confirmationFor(user)
  const language = await resolveLanguage(request, { preferredLanguage: user.preferredLanguage })
  const [contact, communities] = await Promise.all([
    contactLoaderData(request, session, user, language),
    userCommunities(user.id),
  ])
  return data({
    messages: await routeMessages(args, 'account', 'auth'),
    profile: profileValues(user),
    // Changes when the profile is saved, so the form starts again from the stored values.
    version: user.updatedAt.toISOString(),
    avatar: user.avatar,
    contact,
    // Every personal room the person hosts, in each community: each has its own settings page.
    rooms: communities.flatMap((community) =>
      community.rooms.map((room) => ({
        id: room.id,
        name: room.name,
        community: community.name,
        path: `/${community.slug}/${room.slug}`,
        settingsUrl: ownRoomUrl(community.slug, room.slug),
      })),
    ),
    confirm: { identifier, kind },
    constraints: {
      profile: getZodConstraint(ProfileSchema),
      avatar: getZodConstraint(AvatarSchema),
      delete: getZodConstraint(DeleteAccountSchema),
    },
  })
}

export async function settingsAction({ request, context }: ActionFunctionArgs) {
  const user = await requireUser({ request, context })
  const { session } = await viewer(request, context)
  const form = await readFormWithFile(request, 'avatar')

  if (!form) {
    // The stream was cut at the limit, so the other fields are unknown; it can only be the picture.
    const reply = { status: 'error' as const, error: { avatar: ['account:errors.avatarTooLarge'] } }
    return data({ intent: 'avatar', result: reply }, { status: 400 })
  }

  const intent = form.get('intent')
  if (isContactIntent(intent)) return contactAction(intent, form, { request, context, session, user })
  if (intent === 'avatar') return changeAvatar(form, user, session)
  if (intent === 'delete') return deleteOwnAccount(form, user, session)
  return saveProfile(form, user, session)
}

async function saveProfile(form: FormData, user: User, session: AppSession) {
  const submission = parseWithZod(form, { schema: ProfileSchema })
  if (submission.status !== 'success') return data({ intent: 'profile', result: submission.reply() }, { status: 400 })
  await updateProfile(user, submission.value)
  return savedRedirect(session)
}

async function changeAvatar(form: FormData, user: User, session: AppSession) {
  const submission = parseWithZod(form, { schema: AvatarSchema })
  // A File cannot travel back to the browser: the reply keeps no values, only the messages.
  const reply = (fieldErrors?: Record<string, string[]>) => submission.reply({ fieldErrors, hideFields: ['avatar'] })
  if (submission.status !== 'success') return data({ intent: 'avatar', result: reply() }, { status: 400 })
  const accepted = await acceptAvatar(user.id, new Uint8Array(await submission.value.avatar.arrayBuffer()))
  if ('refusal' in accepted)
    return data({ intent: 'avatar', result: reply({ avatar: [accepted.refusal] }) }, { status: 400 })
  const previous = user.avatar
  await user.update({ avatar: accepted.url, avatarId: null })
  await removeAvatar(previous)
  return savedRedirect(session)
}

async function deleteOwnAccount(form: FormData, user: User, session: AppSession) {
  const submission = parseWithZod(form, { schema: DeleteAccountSchema })
  const expected = confirmationFor(user)
  const typed = submission.status === 'success' ? (submission.value.confirmation ?? '') : ''
  const matches =
    expected.identifier !== '' &&
    (expected.kind === 'email'
      ? typed.toLowerCase() === expected.identifier.toLowerCase()
      : typed.replace(/[\s().-]/g, '') === expected.identifier)
  if (!matches) {
    return data(
      { intent: 'delete', result: submission.reply({ fieldErrors: { confirmation: [expected.error] } }) },
      { status: 400 },
    )
  }
  await deleteAccount(user)
  return endIdentity(session, '/', user.id)
}

async function savedRedirect(session: AppSession) {
  return redirectWithFlash(SETTINGS_PATH, { kind: 'success', message: SAVED }, await withSession(session))
}
