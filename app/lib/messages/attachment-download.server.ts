import type { MessageAttachment } from '#models/index'
import { attachmentStore } from './attachment-store.server'

/**
 * An attachment's bytes for the person allowed to have them. Served with the type we recognised
 * (never the uploader's word), as a download, and private to the browser that asked.
 */
export async function attachmentResponse(attachment: MessageAttachment | null): Promise<Response> {
  const bytes = attachment ? await attachmentStore().get(attachment.storageKey) : null
  if (!attachment || !bytes) throw new Response('Not found', { status: 404 })
  return new Response(Buffer.from(bytes), {
    headers: {
      'Content-Type': attachment.contentType,
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(attachment.fileName)}`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
