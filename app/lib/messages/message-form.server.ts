// Reading a message form (new message, reply, reply link) as it arrives. The text fields and up to
// ATTACHMENTS_PER_MESSAGE small files stay in memory; a video streams to a temporary file, cut off
// at VIDEO_MESSAGE_MAX_BYTES and refused from its first bytes when it is not a video we take. A
// file or video refused on the way is read to its end and dropped, so the fields after it still
// arrive and the form re-renders with everything typed kept.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { data, type UploadHandler } from '@remix-run/node'
import type { Submission } from '@conform-to/react'
import { FORM_BODY_LIMIT, UPLOAD_BODY_LIMIT, readForm, readStreamedUpload } from '../http/form-body.server'
import { streamToDisk, UploadRefused, type ReceivedFile } from '../media/media-upload.server'
import {
  ATTACHMENTS_PER_MESSAGE,
  ATTACHMENT_MAX_BYTES,
  VIDEO_MESSAGE_MAX_BYTES,
  VIDEO_MESSAGE_TYPES,
} from './message-rules'
import { RECEIVED_VIDEO } from './message.schema'
import type { OutsideRefusal } from './outside-delivery.server'

/** The most a message form may send: a video of the largest size, plus what the form took before videos (files and fields). */
export const MESSAGE_BODY_LIMIT = VIDEO_MESSAGE_MAX_BYTES + UPLOAD_BODY_LIMIT

type FieldErrors = Record<string, string[]>

export type MessageForm = {
  /** The fields and attachments; `video` is RECEIVED_VIDEO when a video arrived and passed its checks (only the server sets it). */
  form: FormData
  video: ReceivedFile | null
  /** Files refused while they arrived, by field: merged into the form's errors. */
  refused: FieldErrors | null
  /** Removes the temporary video; call once the message is stored (or refused). */
  discard: () => Promise<void>
}

/** Every message form: its fields and files, or a thrown 400/413/415 Response for what is not such a form at all. */
export async function readMessageForm(request: Request): Promise<MessageForm> {
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase()
  // A form without files (a script's, or a test's) reads as any other form.
  if (type !== 'multipart/form-data')
    return { form: await readForm(request), video: null, refused: null, discard: async () => {} }

  const directory = await mkdtemp(join(tmpdir(), 'hearth-message-'))
  const discard = () => rm(directory, { recursive: true, force: true })
  const refused: FieldErrors = {}
  let video: ReceivedFile | null = null
  let attachments = 0
  let fieldBytes = 0

  const handler: UploadHandler = async (part) => {
    if (part.filename === undefined) {
      const text = await collect(part.data, FORM_BODY_LIMIT - fieldBytes)
      if (!text) throw new Response(null, { status: 413 })
      fieldBytes += text.byteLength
      // Only the server says that a video arrived.
      return part.name === 'video' ? null : new TextDecoder().decode(text)
    }
    // An empty file input still sends a part, named "" with no bytes: nothing was chosen.
    if (part.filename === '' || refused[part.name]) return drain(part.data)
    if (part.name === 'files') {
      attachments += 1
      if (attachments > ATTACHMENTS_PER_MESSAGE) return refuse('files', 'messages:errors.tooManyFiles', part.data)
      const bytes = await collect(part.data, ATTACHMENT_MAX_BYTES)
      if (!bytes) return refuse('files', 'messages:errors.fileTooLarge')
      return new File([new Uint8Array(bytes)], part.filename, { type: part.contentType })
    }
    if (part.name === 'video' && !video) {
      try {
        video = await streamToDisk(part.data, join(directory, 'video'), part.filename, {
          maxBytes: VIDEO_MESSAGE_MAX_BYTES,
          accepted: VIDEO_MESSAGE_TYPES,
          drain: true,
        })
      } catch (error) {
        if (!(error instanceof UploadRefused)) throw error
        refused.video = [error.status === 413 ? 'messages:errors.videoTooLarge' : 'messages:errors.videoType']
      }
      return null
    }
    // Any other file (a second video) is not kept.
    return drain(part.data)
  }

  async function refuse(field: string, message: string, rest?: AsyncIterable<Uint8Array>) {
    refused[field] = [message]
    return rest ? drain(rest) : null
  }

  try {
    const form = await readStreamedUpload(request, handler, MESSAGE_BODY_LIMIT)
    form.delete('video')
    if (video) form.set('video', RECEIVED_VIDEO)
    return { form, video, refused: Object.keys(refused).length > 0 ? refused : null, discard }
  } catch (error) {
    await discard()
    throw error
  }
}

/** The part's bytes, or null (the rest read and dropped) when there are more than `limit`. */
async function collect(data: AsyncIterable<Uint8Array>, limit: number): Promise<Buffer | null> {
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of data) {
    size += chunk.byteLength
    if (size <= limit) chunks.push(chunk)
  }
  return size > limit ? null : Buffer.concat(chunks)
}

async function drain(data: AsyncIterable<Uint8Array>): Promise<null> {
  for await (const _ of data) void _
  return null
}

/**
 * The 400 that re-renders a message form: the schema's errors with the refused files' (a refused
 * video or file is why there seemed to be nothing to send, so "write a message" is not said too).
 * A File cannot travel back to the browser: every value but the files is kept.
 */
export function refusedForm(submission: Submission<unknown>, refused: FieldErrors | null, status = 400) {
  const errors = submission.status === 'error' ? submission.error : null
  if (refused && errors?.body) {
    // The reply merges errors and cannot take one away: the schema's own list is the place.
    const body = errors.body.filter((error) => error !== 'messages:errors.bodyRequired')
    if (body.length > 0) errors.body = body
    else delete errors.body
  }
  return data({ result: submission.reply({ fieldErrors: refused ?? {}, hideFields: ['files', 'video'] }) }, { status })
}

/** The 429 of a message a cap on mail and SMS to outsiders refused (nothing was saved): the cap's words, what was typed kept. */
export function limitedForm(submission: Submission<unknown>, refusal: OutsideRefusal) {
  return data(
    { result: submission.reply({ formErrors: [refusal.message], hideFields: ['files', 'video'] }) },
    { status: 429, headers: { 'Retry-After': String(refusal.retryAfterSeconds) } },
  )
}
