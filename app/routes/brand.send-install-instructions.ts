import type { ActionFunctionArgs } from '@remix-run/node'
import { sendInstallInstructionsCall } from '#app/lib/embedding/install-instructions-call.server'

// POST /brand/send-install-instructions: the spec's call, in JSON (see the module it calls).
export const action = (args: ActionFunctionArgs) => sendInstallInstructionsCall(args)
