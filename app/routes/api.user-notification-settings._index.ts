import type { ActionFunctionArgs } from '@remix-run/node'
import { methodNotAllowed, postSetting } from '#app/lib/notifications/notifications-api.server'

// POST /api/user-notification-settings (community spec §7): one's own setting for a community or a room.
export const loader = methodNotAllowed
export const action = (args: ActionFunctionArgs) =>
  args.request.method === 'POST' ? postSetting(args) : methodNotAllowed(args)
