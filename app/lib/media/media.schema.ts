import { z } from 'zod'
import { MEDIA_BATCH_MAX } from './media-rules'

/**
 * The upload form: one to MEDIA_BATCH_MAX files. The files themselves stream to disk as they
 * arrive (media-upload.server.ts) and are checked there; this schema gives the file input its
 * constraints and checks the count of what arrived (by name).
 */
export const MediaUploadSchema = z.object({
  files: z
    .array(z.string(), { required_error: 'media:errors.none' })
    .min(1, 'media:errors.none')
    .max(MEDIA_BATCH_MAX, 'media:errors.tooMany'),
})

/** Deleting an item: which one. */
export const MediaDeleteSchema = z.object({
  intent: z.literal('delete'),
  mediaId: z.string({ required_error: 'media:errors.badRequest' }).length(36, 'media:errors.badRequest'),
})
