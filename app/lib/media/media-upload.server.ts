// Reading a media upload as it arrives: each file streams to a temporary file (never whole in
// memory), is cut off at its tab's size limit, and is refused as soon as its first bytes show a
// type the tab does not accept. What the form sends besides files stays in memory, within the
// ordinary form limit.
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { once } from 'node:events'
import type { UploadHandler } from '@remix-run/node'
import type { TranslationKey } from '../i18n/i18n'
import { FORM_BODY_LIMIT, readStreamedUpload } from '../http/form-body.server'
import {
  ACCEPTED_TYPES,
  MEDIA_BATCH_MAX,
  MEDIA_BODY_LIMIT,
  MEDIA_MAX_BYTES,
  containsAcceptedType,
  shortenFileName,
  type MediaKind,
} from './media-rules'
import { SNIFF_BYTES, sniffContentType } from './media-sniff'

/** A file that arrived whole and passed the checks, waiting in the temporary directory. */
export type ReceivedFile = { name: string; path: string; size: number; contentType: string }

/** Why an upload was refused: a translation key with its values, and the status to answer with. */
export class UploadRefused extends Error {
  override name = 'UploadRefused'
  constructor(
    readonly status: 400 | 413 | 415,
    readonly key: TranslationKey,
    readonly values: Record<string, string | number> = {},
  ) {
    super(key)
  }
}

export type ReceivedUpload = { fields: FormData; files: ReceivedFile[]; discard: () => Promise<void> }

/**
 * Reads a multipart upload for one tab of the library. Resolves with the form's fields and the
 * files, or throws UploadRefused (nothing kept) or a bare 400/413/415 Response for what is not an
 * upload form at all. The caller calls discard() once it has stored the files.
 */
export async function receiveUpload(request: Request, kind: MediaKind): Promise<ReceivedUpload> {
  const directory = await mkdtemp(join(tmpdir(), 'hearth-media-'))
  const discard = () => rm(directory, { recursive: true, force: true })
  const files: ReceivedFile[] = []
  let seen = 0
  let fieldBytes = 0

  // The form's other fields, all of them together within the ordinary form limit: a body of
  // endless small fields must not fill memory where a file would have gone to disk.
  const fieldHandler: UploadHandler = async (part) => {
    const chunks: Uint8Array[] = []
    for await (const chunk of part.data) {
      fieldBytes += chunk.byteLength
      if (fieldBytes > FORM_BODY_LIMIT) throw new FieldsTooLarge()
      chunks.push(chunk)
    }
    return Buffer.concat(chunks).toString('utf8')
  }

  const fileHandler: UploadHandler = async (part) => {
    // An empty file input still sends a part, named "" with no bytes: nothing was chosen.
    const filename = part.filename ?? ''
    if (filename === '') {
      for await (const _ of part.data) void _
      return null
    }
    seen += 1
    if (seen > MEDIA_BATCH_MAX) throw new UploadRefused(413, 'media:errors.tooMany', { max: MEDIA_BATCH_MAX })
    files.push(
      await streamToDisk(part.data, join(directory, String(seen)), filename, {
        maxBytes: MEDIA_MAX_BYTES[kind],
        accepted: ACCEPTED_TYPES[kind],
      }),
    )
    return null
  }

  try {
    const fields = await readStreamedUpload(
      request,
      (part) => (part.filename === undefined ? fieldHandler(part) : fileHandler(part)),
      MEDIA_BODY_LIMIT,
    )
    return { fields, files, discard }
  } catch (error) {
    await discard()
    if (error instanceof UploadRefused || error instanceof Response) throw error
    if (error instanceof FieldsTooLarge) throw new Response(null, { status: 413 })
    // A write that failed (a full disk): nothing was kept.
    throw new UploadRefused(400, kind === 'video' ? 'media:errors.video' : 'media:errors.upload')
  }
}

class FieldsTooLarge extends Error {}

/**
 * What one file part may be: at most `maxBytes`, of a type containing one of `accepted` (read from
 * its first bytes). `drain`: a refused part is read to its end (and dropped) before the refusal is
 * thrown, so the form's later fields still arrive (a form that re-renders with the values kept);
 * otherwise the refusal is thrown at once and the rest of the upload is not read.
 */
export type FileRule = { maxBytes: number; accepted: readonly string[]; drain?: boolean }

/** One file part to a new file at `path`, checking its size and (from its first bytes) its type on the way. */
export async function streamToDisk(
  data: AsyncIterable<Uint8Array>,
  path: string,
  original: string,
  rule: FileRule,
): Promise<ReceivedFile> {
  const name = shortenFileName(original)
  const out = createWriteStream(path, { flags: 'wx' })
  // A write error (a full disk) is kept and thrown at the next chunk, never left unhandled.
  let writeError: Error | null = null
  out.on('error', (error) => (writeError = error))
  const head = new Uint8Array(SNIFF_BYTES)
  let headLength = 0
  let size = 0
  let contentType: string | null = null
  let refused: UploadRefused | null = null
  const refuse = (refusal: UploadRefused) => {
    if (!rule.drain) throw refusal
    refused ??= refusal
  }
  const checkType = () => {
    contentType = sniffContentType(head.subarray(0, headLength))
    if (!containsAcceptedType(rule.accepted, contentType))
      refuse(new UploadRefused(415, 'media:errors.type', { name, accepted: rule.accepted.join(', ') }))
  }
  try {
    for await (const chunk of data) {
      if (refused) continue
      size += chunk.byteLength
      if (size > rule.maxBytes) {
        refuse(
          new UploadRefused(413, 'media:errors.tooLarge', { name, max: Math.round(rule.maxBytes / (1024 * 1024)) }),
        )
        continue
      }
      if (headLength < SNIFF_BYTES) {
        const take = chunk.subarray(0, SNIFF_BYTES - headLength)
        head.set(take, headLength)
        headLength += take.byteLength
        if (headLength === SNIFF_BYTES) checkType()
        if (refused) continue
      }
      if (writeError) throw writeError
      // Backpressure: a slow disk slows the upload down rather than filling memory.
      if (!out.write(chunk)) await once(out, 'drain')
    }
    if (refused) throw refused
    if (size === 0) throw new UploadRefused(400, 'media:errors.empty', { name })
    if (contentType === null) checkType()
    if (refused) throw refused
    out.end()
    await once(out, 'finish')
  } catch (error) {
    out.destroy()
    throw error
  }
  return { name, path, size, contentType: contentType! }
}
