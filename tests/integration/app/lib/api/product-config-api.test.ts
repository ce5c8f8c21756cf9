// GET and PUT /api/product-config (docs/api.md#product-configuration): super users only, with the page's schema;
// lists as arrays or text; a partial body changes only what it names; bad values change nothing.
import { beforeAll, describe, expect, it } from 'vitest'
import type { User } from '#models/index'
import { readProductConfig } from '#models/product-config'
import * as productConfig from '#app/routes/api.product-config'
import { apiCall } from '#tests/support/api-call'
import { makeCommunity, makeUser } from '#tests/support/factories'

let root: User
let owner: User
beforeAll(async () => {
  root = await makeUser({ isSuperUser: true })
  ;({ owner } = await makeCommunity())
})

const put = (body: unknown, as: User = root) =>
  apiCall(productConfig.action, '/api/product-config', { as, method: 'PUT', body })

describe('the product config', () => {
  it('is for super users only', async () => {
    expect((await apiCall(productConfig.loader, '/api/product-config', { as: root })).status).toBe(200)
    expect((await apiCall(productConfig.loader, '/api/product-config', { as: owner })).status).toBe(403)
    expect((await apiCall(productConfig.loader, '/api/product-config', { as: null })).status).toBe(401)
    expect((await put({ queueNewPersonalRooms: true }, owner)).status).toBe(403)
  })

  it('changes what a partial body names, lists as arrays or text', async () => {
    const changed = await put({
      allowedDevEmailAddresses: ['Ana@Example.com', 'bo@example.com'],
      postToxicityThreshold: 40,
    })
    expect(changed).toMatchObject({
      status: 200,
      body: {
        config: {
          allowedDevEmailAddresses: ['ana@example.com', 'bo@example.com'],
          contentModeration: { postToxicityThreshold: 40 },
        },
      },
    })
    await put({ imageCategories: 'nudity\nviolence' })
    const stored = await readProductConfig()
    expect(stored.allowedDevEmailAddresses).toEqual(['ana@example.com', 'bo@example.com'])
    expect(stored.contentModeration).toMatchObject({
      postToxicityThreshold: 40,
      imageCategories: ['nudity', 'violence'],
    })
  })

  it('refuses bad values with the page’s message and changes nothing', async () => {
    const before = (await readProductConfig()).get()
    for (const [body, error] of [
      [{ allowedDevEmailAddresses: ['not an address'] }, 'emailListInvalid'],
      [{ postToxicityThreshold: 101 }, 'thresholdInvalid'],
      [{ queueNewPersonalRooms: 'yes' }, 'flagInvalid'],
      [{ fallbackDevEmailAddress: 'nobody' }, 'emailInvalid'],
    ] as const) {
      expect(await put(body), JSON.stringify(body)).toMatchObject({ status: 400, body: { error } })
    }
    expect({ ...(await readProductConfig()).get(), updatedAt: null }).toEqual({ ...before, updatedAt: null })
  })
})
