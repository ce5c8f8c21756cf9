// GET /api/media with brandId, type and page; POST /api/media (multipart upload).
import { apiCall, byMethod } from '#app/lib/http/api.server'
import { listMediaCall, uploadMediaCall } from '#app/lib/api/media-api.server'

export const loader = apiCall(listMediaCall)
export const action = byMethod({ POST: uploadMediaCall })
