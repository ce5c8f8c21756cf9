// GET and PUT /api/brands/{id}.
import { apiCall, byMethod } from '#app/lib/http/api.server'
import { getBrandCall, updateBrandCall } from '#app/lib/api/brands-api.server'

export const loader = apiCall(getBrandCall)
export const action = byMethod({ PUT: updateBrandCall })
