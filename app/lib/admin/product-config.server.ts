// The install's product config (the super users' /{brand}/admin/product and GET/PUT /api/product-config): the form's
// values as stored, and the one command that stores a checked form.
import type { z } from 'zod'
import { saveProductConfig, type ProductConfig } from '#models/product-config'
import type { ProductConfigSchema } from './admin.schema'

/** The form's values: lists one entry a line. */
export function productConfigForm(config: ProductConfig) {
  const moderation = config.contentModeration
  return {
    allowedDevEmailAddresses: config.allowedDevEmailAddresses.join('\n'),
    fallbackDevEmailAddress: config.fallbackDevEmailAddress ?? '',
    queueNewPersonalRooms: config.queueNewPersonalRooms,
    moderationEnabled: moderation.enabled,
    postToxicityThreshold: moderation.postToxicityThreshold,
    imageCategories: moderation.imageCategories.join('\n'),
    videoCategories: moderation.videoCategories.join('\n'),
  }
}

/** Stores a checked form. */
export async function changeProductConfig(value: z.output<typeof ProductConfigSchema>) {
  await saveProductConfig({
    allowedDevEmailAddresses: value.allowedDevEmailAddresses,
    fallbackDevEmailAddress: value.fallbackDevEmailAddress?.toLowerCase() || null,
    queueNewPersonalRooms: value.queueNewPersonalRooms,
    contentModeration: {
      enabled: value.moderationEnabled,
      postToxicityThreshold: value.postToxicityThreshold,
      imageCategories: value.imageCategories,
      videoCategories: value.videoCategories,
    },
  })
}

export { readProductConfig } from '#models/product-config'
