// POST /api/brand/send-install-instructions (the call: toEmailAddresses,
// ccEmailAddresses, domain, customMessage, brandId): the install tab's request for other clients,
// in JSON. The same rules, limit and mail as the form (requestInstallInstructions); the same guard
// (the settings page's manage-community in the community brandId names).
import { refuse, type ApiArgs } from '../http/api.server'
import { readJson } from '../http/form-body.server'
import { requireCommunityPage } from '../http/guards.server'
import { pageLanguage } from '../i18n/page-language.server'
import { Brand } from '#models/index'
import { requestInstallInstructions } from './install-instructions.server'

const answer = (status: number, body: unknown) => Response.json(body, { status })

/** A list the client sent as an array (or one string), as the form's one-a-line text. */
const lines = (value: unknown) =>
  Array.isArray(value) ? value.map(String).join('\n') : typeof value === 'string' ? value : ''

export async function sendInstallInstructionsCall(args: ApiArgs): Promise<Response> {
  const body = await readJson(args.request)
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw refuse(400, 'api:errors.notAnObject')
  const fields = body as Record<string, unknown>
  const brand =
    typeof fields.brandId === 'string' && fields.brandId.length <= 36
      ? await Brand.findOne({ where: { id: fields.brandId, status: 'active' } })
      : null
  if (!brand) throw refuse(404, 'api:errors.communityNotFound')
  const guarded = await requireCommunityPage({ ...args, params: { brand: brand.slug } }, 'settings')
  const form = new FormData()
  form.set('intent', 'sendInstructions')
  form.set('toEmailAddresses', lines(fields.toEmailAddresses))
  form.set('ccEmailAddresses', lines(fields.ccEmailAddresses))
  form.set('domain', typeof fields.domain === 'string' ? fields.domain : '')
  form.set('customMessage', typeof fields.customMessage === 'string' ? fields.customMessage : '')
  const outcome = await requestInstallInstructions(
    form,
    guarded,
    await pageLanguage({ ...args, params: { brand: brand.slug } }),
  )
  // Errors are the form's translation keys, by field ('' for the whole request).
  return outcome.ok
    ? answer(200, { sent: outcome.sent })
    : answer(outcome.status, { errors: outcome.reply.error ?? {} })
}
