// The JSON API's tag calls (docs/api.md#tags): queries and bodies. A tag's fields are the tag editor's own schema
// (app/lib/tags/tag.schema.ts). Browser-safe; messages are translation keys.
import { z } from 'zod'
import type { TagStatus } from '#models/brand-tag'
import { recordId } from '../forms/record-id'
import { brandQuery } from './api.schema'

/** The tags page's tabs (models/brand-tag.ts TAG_STATUSES: this module is browser-safe, so named here). */
const STATUSES = ['active', 'expired', 'archived'] as const satisfies readonly TagStatus[]

/** GET /brand-tags: one tab of the tags page (active unless asked). */
export const TagListQuery = z.object({
  ...brandQuery,
  status: z.enum(STATUSES, { errorMap: () => ({ message: 'api:errors.badTagStatus' }) }).default('active'),
})

/** GET /brand-tags/count. */
export const TagCountQuery = z.object(brandQuery)

/** PUT /brand-tags/{id}: archiving or restoring rides along with the editor's fields, as the tags page's row does. */
export const TagArchiveField = z.object({
  archived: z.boolean({ invalid_type_error: 'api:errors.badRequest' }).optional(),
})

/** POST /brand-tags/batch-delete: all of them or none. */
export const TagBatchDeleteBody = z.object({
  ...brandQuery,
  ids: z
    .array(recordId('tags:errors.badRequest'), { required_error: 'tags:errors.noneSelected' })
    .min(1, 'tags:errors.noneSelected')
    .max(500, 'tags:errors.badRequest'),
})
