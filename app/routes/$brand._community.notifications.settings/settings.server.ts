import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { drawerPage } from '#app/lib/communities/drawer-page.server'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import { requireCommunityPage, requireUser } from '#app/lib/http/guards.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { NotificationSettingsSchema } from '#app/lib/notifications/notification-settings.schema'
import { saveSettings, settingsView } from '#app/lib/notifications/notifications.server'

// The notification settings dialog (with a warning that email or SMS notifications are disabled
// globally): the member's own, for this community, in the left drawer.

export async function settingsLoader(args: LoaderFunctionArgs) {
  const [{ access, home, messages }, user] = await Promise.all([drawerPage(args), requireUser(args)])
  return {
    home,
    messages: { ...messages, ...(await routeMessages(args, 'notifications')) },
    values: await settingsView(user, access.brand.id),
    // Both channels off in the account settings (/me/settings): nothing will be mailed or texted.
    globallyDisabled: !user.preferenceEmailNotifications && !user.preferenceSmsNotifications,
    constraint: getZodConstraint(NotificationSettingsSchema),
  }
}

export async function settingsAction(args: ActionFunctionArgs) {
  const { brand } = await requireCommunityPage(args, 'drawer')
  const user = await requireUser(args)
  const submission = parseWithZod(await readForm(args.request), { schema: NotificationSettingsSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  await saveSettings(user, brand, submission.value)
  throw await redirectWithFlash(`/${brand.slug}/notifications/settings`, {
    kind: 'success',
    message: 'notifications:flash.saved',
  })
}
