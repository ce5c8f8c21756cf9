// GET /api/profiles/type/room/{slug}?brandId: the host profile of a personal room, as its {room}/host page shows it.
import { apiCall, methodNotAllowed } from '#app/lib/http/api.server'
import { hostProfileCall } from '#app/lib/api/profiles-api.server'

export const loader = apiCall(hostProfileCall)
export const action = methodNotAllowed
