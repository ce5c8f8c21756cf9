import { parseWithZod } from '@conform-to/zod'
import type { ZodTypeAny } from 'zod'
import {
  MaxPartSizeExceededError,
  unstable_composeUploadHandlers as composeUploadHandlers,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
  type UploadHandler,
} from '@remix-run/node'

/** The most a form post without files may send: far more than any of Hearth's forms needs. */
export const FORM_BODY_LIMIT = 64 * 1024
/** The largest file a form may upload (today the profile picture). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024
/** The most a form that uploads a file may send: the file, plus its other fields and the multipart framing. */
export const UPLOAD_BODY_LIMIT = UPLOAD_MAX_BYTES + FORM_BODY_LIMIT

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])

/** Without an upload handler of the route's own, a multipart form's parts (files too) are kept in memory, each within the form limit. */
const fieldsOnly = createMemoryUploadHandler({ maxPartSize: FORM_BODY_LIMIT })

/**
 * The one way an action reads its form. What is not a form never reaches the action's code as an
 * exception that would answer 500: another content type is a 415, a body that does not parse (torn
 * multipart, bad encoding) a 400, and a body over its limit a 413, counted on the stream itself so
 * that a chunked body (no Content-Length) is cut at the limit too. server.js refuses a declared
 * Content-Length over the limit before anything is read; this is the same limit on what arrives.
 * The thrown Responses render the route's error page in the visitor's language.
 *
 * A route that takes files passes its upload handler (which parts may be files, and how large)
 * and gets UPLOAD_BODY_LIMIT; every other form gets FORM_BODY_LIMIT.
 */
export async function readForm(
  request: Request,
  { uploadHandler }: { uploadHandler?: UploadHandler } = {},
): Promise<FormData> {
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (!FORM_TYPES.has(type)) throw refusal(415)
  const limit = uploadHandler ? UPLOAD_BODY_LIMIT : FORM_BODY_LIMIT
  if (Number(request.headers.get('Content-Length')) > limit) throw refusal(413)
  const body = await readLimited(request, limit)
  // The body is whole in memory (within its limit), so parsing it cannot wait on the network.
  const buffered = new Request(request.url, { method: 'POST', headers: request.headers, body })
  try {
    if (type === 'application/x-www-form-urlencoded') return withReadableIntent(await buffered.formData())
    return withReadableIntent(await parseMultipartFormData(buffered, uploadHandler ?? fieldsOnly))
  } catch (error) {
    if (error instanceof Response) throw error
    // A file over the handler's own limit is the route's to explain (it knows which field).
    if (error instanceof MaxPartSizeExceededError) throw error
    throw refusal(400)
  }
}

/**
 * Conform reads a list button's `__intent__` as JSON and throws on anything else: a forged one is
 * a body that does not parse (400), not a failure of the action (500).
 */
function withReadableIntent(form: FormData): FormData {
  const intent = form.get('__intent__')
  if (typeof intent === 'string') {
    try {
      JSON.parse(intent)
    } catch {
      throw refusal(400)
    }
  }
  return form
}

/**
 * A form with one file field (`field`: a banner, a picture, a CSV) kept in memory up to `maxBytes`,
 * its other parts short text. Null when the file is over its limit: the stream was cut there, so
 * the rest of the form is unknown, and only the route knows which message to give.
 */
export async function readFormWithFile(
  request: Request,
  field: string,
  maxBytes = UPLOAD_MAX_BYTES,
): Promise<FormData | null> {
  const uploadHandler = composeUploadHandlers(
    createMemoryUploadHandler({
      maxPartSize: maxBytes,
      filter: ({ name, filename }) => name === field && typeof filename === 'string',
    }),
    createMemoryUploadHandler({ maxPartSize: FORM_BODY_LIMIT, filter: ({ filename }) => filename === undefined }),
  )
  try {
    return await readForm(request, { uploadHandler })
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return null
    throw error
  }
}

/**
 * The one way a JSON call (the product's "calls it makes") reads its body: within the form limit,
 * counted on the stream like readForm. Another content type is a 415 and a body that is not JSON
 * a 400, thrown as Responses like readForm's.
 */
export async function readJson(request: Request): Promise<unknown> {
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (type !== 'application/json') throw refusal(415)
  if (Number(request.headers.get('Content-Length')) > FORM_BODY_LIMIT) throw refusal(413)
  const body = await readLimited(request, FORM_BODY_LIMIT)
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body))
  } catch {
    throw refusal(400)
  }
}

/** The body's bytes, or a 413 as soon as they pass the limit (the rest is never read). */
async function readLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > limit) {
        // Not cancel(): that would destroy the socket before the answer is written. Unread, the
        // rest is dropped once the answer is out (server.js closes the connection soon after).
        reader.releaseLock()
        throw refusal(413)
      }
      chunks.push(value)
    }
  } catch (error) {
    if (error instanceof Response) throw error
    // The client went away or the stream broke mid-body: what arrived is not a form.
    throw refusal(400)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

function refusal(status: 400 | 413 | 415) {
  return new Response(null, { status })
}

/**
 * A multipart upload read as it arrives, for a route whose files are too large to hold in memory
 * (the media library): the route's upload handler streams each file where it belongs, while the
 * body is counted on the way and cut with a 413 past `limit` (a chunked body too). What the
 * handler throws comes back as it is; a body that does not parse is a 400.
 */
export async function readStreamedUpload(
  request: Request,
  uploadHandler: UploadHandler,
  limit: number,
): Promise<FormData> {
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (type !== 'multipart/form-data') throw refusal(415)
  if (Number(request.headers.get('Content-Length')) > limit) throw refusal(413)
  if (!request.body) throw refusal(400)
  let size = 0
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength
        if (size > limit) controller.error(new BodyOverLimit())
        else controller.enqueue(chunk)
      },
    }),
  )
  // Node's fetch needs duplex for a streamed request body; the DOM types do not know it yet.
  const streamed = new Request(request.url, {
    method: 'POST',
    headers: request.headers,
    body: counted,
    duplex: 'half',
  } as RequestInit)
  // What failed in the body itself (torn, over the limit) is told apart from what the handler
  // refused, though both surface inside the handler while it reads a part.
  let bodyError: unknown = null
  let handlerError: unknown = null
  async function* guarded(data: AsyncIterable<Uint8Array>) {
    try {
      for await (const chunk of data) yield chunk
    } catch (error) {
      bodyError = error
      throw error
    }
  }
  const overLimit = (error: unknown) =>
    error instanceof BodyOverLimit || (error as { cause?: unknown } | null)?.cause instanceof BodyOverLimit
  try {
    return await parseMultipartFormData(streamed, (part) =>
      uploadHandler({ ...part, data: guarded(part.data) }).catch((error: unknown) => {
        handlerError = error
        throw error
      }),
    )
  } catch (error) {
    if (overLimit(error) || overLimit(bodyError)) throw refusal(413)
    if (bodyError === null && error === handlerError) throw error
    throw refusal(400)
  }
}

class BodyOverLimit extends Error {}

/**
 * parseWithZod for a form with conform list buttons (add, remove, move): conform throws on an
 * intent or state no page of ours sent (JSON that is no intent, a list that is no list), which
 * readForm cannot see. Null then: bad input, for the action to answer 400, never a 500.
 */
export function parseListForm<Schema extends ZodTypeAny>(form: FormData, schema: Schema) {
  try {
    return parseWithZod(form, { schema })
  } catch {
    return null
  }
}
