// GET and PUT /product-config (docs/api.md#product-configuration): the install's product config, for super users
// only (an admin-scoped token for every community, decision 0021), through the super users' page's schema and
// command. Lists are arrays in the answer; PUT takes arrays or text one entry a line, as the form does.
import { z } from 'zod'
import { actsAsSuperUser } from '#models/token-cap'
import { ProductConfigSchema } from '../admin/admin.schema'
import { changeProductConfig, productConfigForm, readProductConfig } from '../admin/product-config.server'
import { checked, readBody, refuse, type ApiArgs } from '../http/api.server'
import { requireUser } from '../http/guards.server'

async function requireSuperUser(args: ApiArgs) {
  if (!actsAsSuperUser(await requireUser(args))) throw refuse(403, 'api:errors.forbidden')
}

async function configView() {
  const config = await readProductConfig()
  return {
    allowedDevEmailAddresses: config.allowedDevEmailAddresses,
    fallbackDevEmailAddress: config.fallbackDevEmailAddress,
    queueNewPersonalRooms: config.queueNewPersonalRooms,
    contentModeration: config.contentModeration,
  }
}

/** GET /product-config. */
export async function getProductConfigCall(args: ApiArgs) {
  await requireSuperUser(args)
  return { config: await configView() }
}

/** PUT /product-config with the form's fields: those sent over the stored ones. */
export async function updateProductConfigCall(args: ApiArgs) {
  await requireSuperUser(args)
  const body = await readBody(args.request, z.object({}).passthrough())
  const sent = Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, Array.isArray(value) ? value.join('\n') : value]),
  )
  const current = productConfigForm(await readProductConfig())
  await changeProductConfig(checked(ProductConfigSchema, { ...current, ...sent }))
  return { config: await configView() }
}
