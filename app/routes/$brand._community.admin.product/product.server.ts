import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireSuperUser } from '#app/lib/admin/admin-access.server'
import { ProductConfigSchema } from '#app/lib/admin/admin.schema'
import { changeProductConfig, productConfigForm, readProductConfig } from '#app/lib/admin/product-config.server'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'

/** The install's product config as the form shows it: lists one entry a line. */
export async function productLoader(args: LoaderFunctionArgs) {
  await requireSuperUser(args)
  const config = await readProductConfig()
  return {
    values: productConfigForm(config),
    // Changes with each save, so the form starts again from what was stored.
    version: config.updatedAt?.toISOString() ?? 'new',
    constraint: getZodConstraint(ProductConfigSchema),
  }
}

export async function productAction(args: ActionFunctionArgs) {
  await requireSuperUser(args)
  const submission = parseWithZod(await readForm(args.request), { schema: ProductConfigSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  await changeProductConfig(submission.value)
  throw await redirectWithFlash(new URL(args.request.url).pathname, { kind: 'success', message: 'admin:flash.saved' })
}
