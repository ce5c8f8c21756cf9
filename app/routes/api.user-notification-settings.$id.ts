import type { ActionFunctionArgs } from '@remix-run/node'
import { getSetting, methodNotAllowed, putSetting } from '#app/lib/notifications/notifications-api.server'

// GET and PUT /api/user-notification-settings/{id} (community spec §7): one's own setting.
export const loader = getSetting
export const action = (args: ActionFunctionArgs) =>
  args.request.method === 'PUT' ? putSetting(args) : methodNotAllowed(args)
