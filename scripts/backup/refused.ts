/**
 * Thrown for what the operator must change (a directory that is not empty, a damaged backup, an
 * install that is not empty): the scripts print its message alone, without a stack.
 */
export class BackupRefused extends Error {
  override name = 'BackupRefused'
}
