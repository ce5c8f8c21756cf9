import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { drawerPage } from '#app/lib/communities/drawer-page.server'
import { connectionIntents, personUrl } from '#app/lib/connections/connection-rules'
import { standing } from '#app/lib/connections/connections.server'
import { findPerson } from '#app/lib/connections/contacts.server'
import { personAction } from '#app/lib/connections/person-action.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'

/**
 * A person's dialog in the contacts drawer (the connection request dialog, block and mute
 * dialogs): where the viewer stands with them and the buttons that change it. Only an active
 * member of this community is found here; one's own address goes back to the contacts.
 */
export async function personLoader(args: LoaderFunctionArgs) {
  const { access, home, messages } = await drawerPage(args)
  const viewerId = access.user!.id
  const userId = String(args.params.userId ?? '')
  if (userId === viewerId) throw redirect(`/${access.brand.slug}/contacts`)
  const person = /^[\w-]{1,36}$/.test(userId) ? await findPerson(userId, access.brand.id) : null
  if (!person) throw new Response(null, { status: 404, statusText: 'Not Found' })
  const [where, connections] = await Promise.all([
    standing(access.brand.id, viewerId, userId),
    routeMessages(args, 'connections'),
  ])
  return {
    home,
    messages: { ...messages, ...connections },
    person,
    standing: where,
    intents: connectionIntents(where.state, where),
  }
}

export const personPageAction = (args: ActionFunctionArgs) =>
  personAction(args, (slug) => personUrl(slug, String(args.params.userId ?? '')))
