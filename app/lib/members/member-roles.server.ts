// Which community roles an editor leaves someone with (a member may hold several roles;
// admins cannot create or delete owners). Pure: the editor, the wizard and the import share it.
import {
  COMMUNITY_ROLES,
  isCommunityRole,
  mayAssignRole,
  type CommunityRole,
  type PermissionSlug,
} from '#models/permissions'

export type RoleChange =
  | { ok: true; roles: CommunityRole[] }
  | {
      ok: false
      error:
        | 'members:editor.errors.roleNotAllowed'
        | 'members:editor.errors.rolesRequired'
        | 'members:editor.errors.roleUnknown'
    }

/**
 * The roles someone ends up with when an editor holding `held` submits `submitted` for a person
 * who holds `current`. A role the editor may not assign keeps its current state (an admin's form
 * shows the owner box disabled, and a disabled box sends nothing); asking for it when the person
 * does not hold it is refused. At least one role stays.
 */
export function resolveRoles(
  held: ReadonlySet<PermissionSlug>,
  current: readonly string[],
  submitted: readonly string[],
): RoleChange {
  if (!submitted.every(isCommunityRole)) return { ok: false, error: 'members:editor.errors.roleUnknown' }
  const roles: CommunityRole[] = []
  for (const role of COMMUNITY_ROLES) {
    const has = current.includes(role)
    const wants = (submitted as readonly string[]).includes(role)
    if (mayAssignRole(held, role)) {
      if (wants) roles.push(role)
    } else if (has) {
      roles.push(role)
    } else if (wants) {
      return { ok: false, error: 'members:editor.errors.roleNotAllowed' }
    }
  }
  return roles.length ? { ok: true, roles } : { ok: false, error: 'members:editor.errors.rolesRequired' }
}

/** The roles a new person gets (wizard, import): each one the editor may grant; community-member when none is named. */
export function rolesForNewMember(held: ReadonlySet<PermissionSlug>, submitted: readonly string[]): RoleChange {
  return resolveRoles(held, [], submitted.length ? submitted : ['community-member'])
}
