import {
  data,
  MaxPartSizeExceededError,
  unstable_composeUploadHandlers as composeUploadHandlers,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
} from '@remix-run/node'
import { FORM_BODY_LIMIT, readForm, UPLOAD_MAX_BYTES } from '../http/form-body.server'

/**
 * The files may be attachments; every other part is short text. A file may be as large as the
 * upload limit here, more than an attachment may be, so that one over ATTACHMENT_MAX_BYTES is
 * refused by the schema with everything typed kept, not cut off mid-form.
 */
const uploadHandler = composeUploadHandlers(
  createMemoryUploadHandler({ maxPartSize: UPLOAD_MAX_BYTES, filter: ({ name, filename }) => name === 'files' && typeof filename === 'string' }),
  createMemoryUploadHandler({ maxPartSize: FORM_BODY_LIMIT, filter: ({ filename }) => filename === undefined }),
)

/** Every message form (new message, reply, reply link): the form, or the 400 for a file past the upload limit. */
export async function readMessageForm(request: Request) {
  try {
    return { form: await readForm(request, { uploadHandler }) }
  } catch (error) {
    if (!(error instanceof MaxPartSizeExceededError)) throw error
    return { tooLarge: data({ result: { status: 'error' as const, error: { files: ['messages:errors.fileTooLarge'] } } }, { status: 400 }) }
  }
}
