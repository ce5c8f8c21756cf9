// The admin panel's forms (browser-safe): one schema per form, messages as translation keys.
import { z } from 'zod'

/** The statuses an admin sets on rooms (PUT rooms/batch/status). */
export const ADMIN_ROOM_STATUSES = ['active', 'pending', 'archived', 'deleted'] as const
export type AdminRoomStatus = (typeof ADMIN_ROOM_STATUSES)[number]

/** A room's or group's directory visibility: everyone, community members, not visible. */
export const DIRECTORY_VISIBILITIES = ['everyone', 'members', 'none'] as const
export type DirectoryVisibility = (typeof DIRECTORY_VISIBILITIES)[number]

/** Room ids a form names: at least one, each a plausible id (the server checks they are this community's). */
const roomIds = z
  .array(z.string().trim().min(1).max(36, 'admin:errors.unknownRooms'), { required_error: 'admin:errors.noRooms' })
  .min(1, 'admin:errors.noRooms')
  .max(200, 'admin:errors.tooManyRooms')

/** An error map that says one message whatever went wrong with a choice. */
const says = (message: string) => ({ errorMap: () => ({ message }) })

/**
 * The rooms page's batch change (status, ids, verified): the chosen rooms get the new
 * status, the verified flag, or both; leaving both as they are is a mistake worth saying.
 */
export const BatchRoomsSchema = z
  .object({
    intent: z.literal('batch'),
    ids: roomIds,
    status: z.enum(ADMIN_ROOM_STATUSES, says('admin:errors.statusInvalid')).optional(),
    verified: z.enum(['yes', 'no'], says('admin:errors.verifiedInvalid')).optional(),
  })
  .refine((value) => value.status !== undefined || value.verified !== undefined, {
    message: 'admin:errors.nothingToChange',
    path: ['status'],
  })

/** The review queue's approve (active) or reject (deleted), one room at a time. */
export const ReviewRoomSchema = z.object({
  intent: z.literal('review'),
  ids: roomIds,
  status: z.enum(['active', 'deleted'], says('admin:errors.statusInvalid')),
})

/** One room's place in the community's directory. */
export const DirectoryRoomSchema = z.object({
  intent: z.literal('directory'),
  id: z
    .string({ required_error: 'admin:errors.noRooms' })
    .trim()
    .min(1, 'admin:errors.noRooms')
    .max(36, 'admin:errors.unknownRooms'),
  visibility: z.enum(DIRECTORY_VISIBILITIES, says('admin:errors.visibilityInvalid')),
  pinned: z.boolean({ invalid_type_error: 'admin:errors.flagInvalid' }).default(false),
})

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const MAX_LIST = 100

/** A list typed one item a line (or separated by commas): trimmed, empty entries dropped, duplicates once. */
const textList = (max: number) =>
  z
    .string()
    .max(10_000, 'admin:errors.tooLong')
    .optional()
    .transform((text) => [
      ...new Set(
        (text ?? '')
          .split(/[\n,]/)
          .map((item) => item.trim())
          .filter(Boolean),
      ),
    ])
    // Checked as a whole, so the message belongs to the field (not to one entry of it).
    .refine((items) => items.every((item) => item.length <= max), 'admin:errors.tooLong')
    .refine((items) => items.length <= MAX_LIST, 'admin:errors.tooManyItems')

/** The install's product config, as the super user's form sends it. */
export const ProductConfigSchema = z.object({
  allowedDevEmailAddresses: textList(254)
    .refine((items) => items.every((item) => EMAIL.test(item)), 'admin:errors.emailListInvalid')
    .transform((items) => [...new Set(items.map((item) => item.toLowerCase()))]),
  fallbackDevEmailAddress: z
    .string()
    .trim()
    .max(254, 'admin:errors.tooLong')
    .optional()
    .refine((value) => !value || EMAIL.test(value), 'admin:errors.emailInvalid'),
  queueNewPersonalRooms: z.boolean({ invalid_type_error: 'admin:errors.flagInvalid' }).default(false),
  moderationEnabled: z.boolean({ invalid_type_error: 'admin:errors.flagInvalid' }).default(false),
  postToxicityThreshold: z
    .number({ required_error: 'admin:errors.thresholdInvalid', invalid_type_error: 'admin:errors.thresholdInvalid' })
    .int('admin:errors.thresholdInvalid')
    .min(0, 'admin:errors.thresholdInvalid')
    .max(100, 'admin:errors.thresholdInvalid'),
  imageCategories: textList(64),
  videoCategories: textList(64),
})

export type BatchRoomsFields = z.input<typeof BatchRoomsSchema>
export type ProductConfigFields = z.input<typeof ProductConfigSchema>
