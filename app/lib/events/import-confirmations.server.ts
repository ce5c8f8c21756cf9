// Registration imports mail a confirmation to each person they approve (registration-mail.server.ts):
// a way to mail addresses an admin types, in bulk, and communities cost nothing to create. So the
// people an import may mail are capped per admin account and for the whole installation (LIMITS in
// app/lib/platform/rate-limit.server.ts), counted when the import is asked for, one a row (each row
// is one person, one address), before anything is saved: an import over a cap is refused whole.
import { INSTALLATION, LIMITS, hitEach } from '../platform/rate-limit.server'

export type ImportConfirmationRefusal = {
  message: 'eventMembers:import.errors.confirmationsAccount' | 'eventMembers:import.errors.confirmationsInstallation'
  minutes: number
}

/** Counts an import of `people` rows for the account and the installation; the first cap reached (nothing counted then), or null. */
export async function limitImportConfirmations(
  accountId: string,
  people: number,
): Promise<ImportConfirmationRefusal | null> {
  const refused = await hitEach([
    { limit: LIMITS.importConfirmationsPerAccount, subject: accountId, amount: people },
    { limit: LIMITS.importConfirmationsPerInstallation, subject: INSTALLATION, amount: people },
  ])
  if (!refused) return null
  const perAccount = refused.limit === LIMITS.importConfirmationsPerAccount
  return {
    message: perAccount
      ? 'eventMembers:import.errors.confirmationsAccount'
      : 'eventMembers:import.errors.confirmationsInstallation',
    minutes: Math.ceil(refused.retryAfterSeconds / 60),
  }
}
