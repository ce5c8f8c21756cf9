// The subcommunity editor's zod schema (title, description, assigned groups; "Subcommunity: title
// required"). Browser-safe; messages are translation keys.
import { z } from 'zod'

export const SUBCOMMUNITY_TITLE_MAX = 255
export const SUBCOMMUNITY_DESCRIPTION_MAX = 2000

export const SubcommunitySchema = z.object({
  title: z
    .string({ required_error: 'tags:subcommunities.errors.titleRequired' })
    .trim()
    .min(1, 'tags:subcommunities.errors.titleRequired')
    .max(SUBCOMMUNITY_TITLE_MAX, 'tags:errors.tooLong'),
  description: z.string().trim().max(SUBCOMMUNITY_DESCRIPTION_MAX, 'tags:errors.tooLong').optional(),
  // The groups assigned, by room id; the server keeps only this community's groups (it refuses others).
  groups: z.array(z.string().min(1).max(36)).max(500).optional().default([]),
})
export type SubcommunityFields = z.input<typeof SubcommunitySchema>
export type SubcommunityValues = z.output<typeof SubcommunitySchema>
