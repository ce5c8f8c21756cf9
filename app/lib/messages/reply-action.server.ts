import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import { redirectWithFlash } from '../http/flash.server'
import { logger } from '../platform/logger.server'
import { sendReply } from './conversations.server'
import { ReplySchema } from './message.schema'
import { limitedForm, readMessageForm, refusedForm } from './message-form.server'

/**
 * A reply posted from a conversation's form, by a member on their messages page or by an outsider
 * through their link: sent, the flash on `sentTo`; bad input, 400 with what was typed; over a cap on
 * mail and SMS to outsiders, 429 with what was typed (nothing saved); a failure,
 * the product's "Sorry... we were unable to send your message right now." (500). Uploaded files are
 * cleaned up whatever happens.
 */
export async function replyFromForm(
  request: Request,
  reply: Omit<Parameters<typeof sendReply>[0], 'values' | 'video'>,
  sentTo: string,
) {
  const read = await readMessageForm(request)
  try {
    const submission = parseWithZod(read.form, { schema: ReplySchema })
    if (submission.status !== 'success' || read.refused) return refusedForm(submission, read.refused)
    try {
      const outcome = await sendReply({ ...reply, values: submission.value, video: read.video })
      if (outcome.kind === 'sent')
        throw await redirectWithFlash(sentTo, { kind: 'success', message: 'messages:flash.sent' })
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
    return data(
      { result: submission.reply({ formErrors: ['messages:errors.sendFailed'], hideFields: ['files', 'video'] }) },
      { status: 500 },
    )
  } finally {
    await read.discard()
  }
}
