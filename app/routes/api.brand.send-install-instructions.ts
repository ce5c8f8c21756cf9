// POST /api/brand/send-install-instructions: the product's call, in JSON (see the module it calls).
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { sendInstallInstructionsCall } from '#app/lib/embedding/install-instructions-call.server'

export const loader = methodNotAllowed
export const action = byMethod({ POST: sendInstallInstructionsCall })
