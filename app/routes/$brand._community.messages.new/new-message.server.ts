import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Op } from 'sequelize'
import { liveTagWhere } from '#models/member-tag'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { messagesPage } from '#app/lib/messages/conversation-access.server'
import { startConversation } from '#app/lib/messages/conversations.server'
import { NewMessageSchema } from '#app/lib/messages/message.schema'
import { limitedForm, readMessageForm, refusedForm } from '#app/lib/messages/message-form.server'
import { BrandTag, Membership, User } from '#models/index'
import { logger } from '#app/lib/platform/logger.server'

/** Whom a message can go to: the community's other active members, by name, and its live tags. */
async function choices(brandId: string, senderId: string) {
  const [memberships, tags] = await Promise.all([
    Membership.findAll({
      where: { brandId, status: 'active', userId: { [Op.ne]: senderId } },
      include: [{ model: User, as: 'user', attributes: ['id', 'name'] }],
    }),
    BrandTag.findAll({ where: { brandId, ...liveTagWhere() }, order: [['label', 'ASC']], attributes: ['id', 'label'] }),
  ])
  const members = memberships
    .map((membership) => ({ id: membership.userId, name: membership.user?.name ?? '' }))
    .sort((a, b) => a.name.localeCompare(b.name))
  return { members, tags: tags.map((tag) => ({ id: tag.id, label: tag.label })) }
}

export async function newMessageLoader(args: LoaderFunctionArgs) {
  const { brand, user, home, messages } = await messagesPage(args)
  // A member's page links here with ?to= (the product's ensure-user-conversation).
  const to = new URL(args.request.url).searchParams.get('to')
  return { home, messages, ...(await choices(brand.id, user.id)), to, constraint: getZodConstraint(NewMessageSchema) }
}

export async function newMessageAction(args: ActionFunctionArgs) {
  const { brand, user } = await messagesPage(args)
  const read = await readMessageForm(args.request)
  try {
    const submission = parseWithZod(read.form, { schema: NewMessageSchema })
    if (submission.status !== 'success' || read.refused) return refusedForm(submission, read.refused)
    try {
      const outcome = await startConversation({ brand, sender: user, values: submission.value, video: read.video })
      if (outcome.kind === 'sent')
        throw await redirectWithFlash(`/${brand.slug}/messages/${outcome.conversationId}`, {
          kind: 'success',
          message: 'messages:flash.sent',
        })
      if (outcome.kind === 'invalid')
        return data(
          { result: submission.reply({ fieldErrors: outcome.fieldErrors, hideFields: ['files', 'video'] }) },
          { status: 400 },
        )
      if (outcome.kind === 'limited') return limitedForm(submission, outcome)
    } catch (error) {
      if (error instanceof Response) throw error
      logger.error({ err: error }, 'sending a message failed')
    }
    // The one text for a message that could not go out.
    return data(
      { result: submission.reply({ formErrors: ['messages:errors.sendFailed'], hideFields: ['files', 'video'] }) },
      { status: 500 },
    )
  } finally {
    await read.discard()
  }
}
