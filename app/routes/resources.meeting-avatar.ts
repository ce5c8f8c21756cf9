// POST /resources/meeting-avatar (brand, room, avatar): the picture chosen on the meeting's device
// check (the spec's pre-join avatar upload). Access is checked as on the room page; the picture is
// judged by its bytes and stored as the account settings store one. A member's becomes their
// account's picture; a guest's is kept under their guest id. The edge shows it to the others because
// the web app named it after the peer (isOwnAvatarUpload), although the pass predates it.
import type { ActionFunctionArgs } from '@remix-run/node'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { translatorFor } from '#app/lib/i18n/i18n.server'
import { pageLanguage } from '#app/lib/i18n/page-language.server'
import { acceptAvatar, removeAvatar } from '#app/lib/identity/avatars.server'
import { readFormWithFile } from '#app/lib/http/form-body.server'
import { LIMITS, hitEach } from '#app/lib/platform/rate-limit.server'
import { resourceReply, roomResourceAction } from '#app/lib/rooms/room-resource.server'

export async function action(args: ActionFunctionArgs) {
  const form = await readFormWithFile(args.request, 'avatar')
  // In the room's community's language, as the device check around it speaks.
  const refuse = async (brand: string, key: TranslationKey, status: number, headers: Record<string, string> = {}) => {
    const t = translatorFor(await pageLanguage({ request: args.request, params: { brand }, context: args.context }))
    return resourceReply({ error: 'refused', message: t(key) }, status, headers)
  }
  // The stream was cut at the size limit, so the other fields are unknown.
  if (!form) return refuse('', 'account:errors.avatarTooLarge', 413)
  return roomResourceAction(
    args,
    {},
    async ({ claims, user, guestCookie }, { brand }) => {
      const file = form.get('avatar')
      if (!(file instanceof File) || file.size === 0) return refuse(brand, 'account:errors.avatarRequired', 400)
      const limited = await hitEach([
        { limit: LIMITS.meetingAvatarsPerPerson, subject: claims.userId },
        { limit: LIMITS.meetingAvatarsPerAddress, subject: args.context.clientAddress },
      ])
      if (limited)
        return refuse(brand, 'meeting:mirror.avatarLimited', 429, { 'Retry-After': String(limited.retryAfterSeconds) })
      const accepted = await acceptAvatar(claims.userId, new Uint8Array(await file.arrayBuffer()))
      if ('refusal' in accepted) return refuse(brand, accepted.refusal, 400)
      if (user) {
        const previous = user.avatar
        await user.update({ avatar: accepted.url, avatarId: null })
        await removeAvatar(previous)
      }
      // A guest keeps the id the picture is named after (the page normally gave it already).
      return resourceReply({ avatar: accepted.url }, 200, guestCookie ? { 'Set-Cookie': guestCookie } : {})
    },
    { form },
  )
}

export function loader() {
  throw new Response(null, { status: 405 })
}
