import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { User } from '#models/index'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import { viewer } from '#app/lib/http/session.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import {
  acceptInvitation,
  declineInvitation,
  describeOffer,
  findInvitation,
  type OpenInvitation,
} from '#app/lib/members/invitations.server'

/**
 * Who is looking at the invitation: its person (who may answer), somebody else signed in (who is
 * told whose it is), or nobody (who signs in first, and comes back here).
 */
export type InvitationViewer = 'invitee' | 'otherAccount' | 'signedOut'

/** The invitee's address as the page shows it to someone else: enough to recognise, not to learn (a•••@example.org). */
function maskedAddress(address: string | null) {
  if (!address) return ''
  const [local = '', domain = ''] = address.split('@')
  return `${local.slice(0, 1)}•••@${domain}`
}

async function invitationPage(args: LoaderFunctionArgs) {
  const invitation = await findInvitation(args.params.token)
  const { user } = await viewer(args.request, args.context)
  return { invitation, user }
}

export async function invitationLoader(args: LoaderFunctionArgs) {
  const { invitation, user } = await invitationPage(args)
  const messages = await routeMessages(args, 'members')
  const headers = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }
  if (!invitation) return data({ messages, invitation: null }, { status: 410, headers })
  const who: InvitationViewer = !user ? 'signedOut' : user.id === invitation.userId ? 'invitee' : 'otherAccount'
  const invitee = await User.findByPk(invitation.userId, { attributes: ['emailAddress'] })
  const inviter = invitation.invitedById ? await User.findByPk(invitation.invitedById, { attributes: ['name'] }) : null
  const { eventName } = await describeOffer(invitation)
  return data(
    {
      messages,
      invitation: {
        community: invitation.brand.name,
        inviter: inviter?.name ?? invitation.brand.name,
        eventName,
        expiresAt: invitation.expiresAt.toISOString(),
        who,
        // Only its person sees the whole address; anyone else the hint of whose it is.
        address: who === 'invitee' ? (invitee?.emailAddress ?? '') : maskedAddress(invitee?.emailAddress ?? null),
        signInUrl: `/sign-in?redirectTo=${encodeURIComponent(new URL(args.request.url).pathname)}`,
      },
    },
    { headers },
  )
}

/** Accept or decline: only the invitation's own person, signed in, answers it. */
export async function invitationAction(args: ActionFunctionArgs) {
  const { invitation, user } = await invitationPage(args)
  const intent = (await readForm(args.request)).get('intent')
  if (!invitation) return invitationLoader(args)
  if (!user || user.id !== invitation.userId) throw new Response(null, { status: 403, statusText: 'Forbidden' })
  if (intent === 'accept') {
    const to = await acceptInvitation(invitation as OpenInvitation)
    throw await redirectWithFlash(to, {
      kind: 'success',
      message: 'members:invitation.accepted',
      values: { community: invitation.brand.name },
    })
  }
  if (intent === 'decline') {
    await declineInvitation(invitation)
    throw await redirectWithFlash('/me', {
      kind: 'success',
      message: 'members:invitation.declined',
      values: { community: invitation.brand.name },
    })
  }
  throw new Response(null, { status: 400, statusText: 'Bad Request' })
}
