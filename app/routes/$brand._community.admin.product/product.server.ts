import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { readProductConfig, saveProductConfig } from '#models/product-config'
import { requireSuperUser } from '#app/lib/admin/admin-access.server'
import { ProductConfigSchema } from '#app/lib/admin/admin.schema'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'

/** The install's product config as the form shows it: lists one entry a line. */
export async function productLoader(args: LoaderFunctionArgs) {
  await requireSuperUser(args)
  const config = await readProductConfig()
  const moderation = config.contentModeration
  return {
    values: {
      allowedDevEmailAddresses: config.allowedDevEmailAddresses.join('\n'),
      fallbackDevEmailAddress: config.fallbackDevEmailAddress ?? '',
      queueNewPersonalRooms: config.queueNewPersonalRooms,
      moderationEnabled: moderation.enabled,
      postToxicityThreshold: String(moderation.postToxicityThreshold),
      imageCategories: moderation.imageCategories.join('\n'),
      videoCategories: moderation.videoCategories.join('\n'),
    },
    // Changes with each save, so the form starts again from what was stored.
    version: config.updatedAt?.toISOString() ?? 'new',
    constraint: getZodConstraint(ProductConfigSchema),
  }
}

export async function productAction(args: ActionFunctionArgs) {
  await requireSuperUser(args)
  const submission = parseWithZod(await readForm(args.request), { schema: ProductConfigSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const value = submission.value
  await saveProductConfig({
    allowedDevEmailAddresses: value.allowedDevEmailAddresses,
    fallbackDevEmailAddress: value.fallbackDevEmailAddress?.toLowerCase() || null,
    queueNewPersonalRooms: value.queueNewPersonalRooms,
    contentModeration: {
      enabled: value.moderationEnabled,
      postToxicityThreshold: value.postToxicityThreshold,
      imageCategories: value.imageCategories,
      videoCategories: value.videoCategories,
    },
  })
  throw await redirectWithFlash(new URL(args.request.url).pathname, { kind: 'success', message: 'admin:flash.saved' })
}
