// The sidebar's unread count beside "Messages": the layout of every community page reads it, so it
// never throws (each page has its own guard) and asks the database once, for members only.
import { checkAccess } from '#models/access'
import { findBrand } from '../communities/brands.server'
import { communityPermissions, type GuardArgs } from '../http/guards.server'
import { viewer } from '../http/session.server'
import { unreadCount } from './conversations.server'

/** The signed-in member's unread messages in this community; null for guests and non-members. */
export async function sidebarUnread(args: GuardArgs): Promise<number | null> {
  const brand = await findBrand(args.context, args.params.brand)
  if (!brand) return null
  const { user } = await viewer(args.request, args.context)
  if (!user) return null
  // The same rule as the messages drawer itself.
  const access = await checkAccess({
    brand,
    userId: user.id,
    page: 'drawer',
    permissions: await communityPermissions(args, brand),
  })
  if (!access.ok) return null
  // The conversation being opened is read by its own loader at the same time: it does not count.
  return unreadCount(brand.id, user.id, { except: args.params.conversationId })
}
