// GET and PUT /api/product-config.
import { apiCall, byMethod } from '#app/lib/http/api.server'
import { getProductConfigCall, updateProductConfigCall } from '#app/lib/api/product-config-api.server'

export const loader = apiCall(getProductConfigCall)
export const action = byMethod({ PUT: updateProductConfigCall })
