/**
 * The role and permission catalogue. Migrations write it to the roles, permissions and
 * role_permissions tables (idempotently), and code names permissions through these types.
 */

export const PERMISSIONS = {
  'access-community': 'Enter the community',
  'access-community-groups': 'See the groups page',
  'access-community-members': 'See the members page',
  'access-community-tags': 'See the tags page',
  'manage-community': 'Change community settings',
  'manage-community-members': 'Add, edit, archive and export members',
  'manage-community-owners': 'Grant or revoke the owner role',
  'manage-community-rooms': 'Create, edit and delete rooms',
  'create-groups': 'Create groups',
  'create-events': 'Create events',
  'create-event-series': 'Create event series',
  'create-tags': 'Create tags',
  'edit-own-user': 'Edit own profile',
  'edit-own-room': 'Edit own room',
  'edit-own-posts': 'Edit own posts',
  'edit-group-room': 'Edit a group room',
  'edit-group-posts': 'Edit posts in a group',
  'kick-peer': 'Remove a participant from a meeting',
  'mute-peer': 'Mute a participant in a meeting',
} as const

export type PermissionSlug = keyof typeof PERMISSIONS

const memberPermissions: PermissionSlug[] = [
  'access-community',
  'access-community-groups',
  'access-community-members',
  'access-community-tags',
  'create-groups',
  'edit-own-user',
  'edit-own-room',
  'edit-own-posts',
]

const allBut = (...excluded: PermissionSlug[]) =>
  (Object.keys(PERMISSIONS) as PermissionSlug[]).filter((slug) => !excluded.includes(slug))

export const ROLES = {
  'community-owner': { name: 'Owner', permissions: allBut() },
  // Admins run the community but cannot create or delete owners (spec §6).
  'community-admin': { name: 'Admin', permissions: allBut('manage-community-owners') },
  'community-member': { name: 'Member', permissions: memberPermissions },
  'room-host': {
    name: 'Room Host',
    permissions: ['edit-own-user', 'edit-own-room', 'edit-own-posts', 'kick-peer', 'mute-peer'],
  },
  'room-co-host': {
    name: 'Room Co-Host',
    permissions: ['edit-group-room', 'edit-group-posts', 'kick-peer', 'mute-peer'],
  },
  // Meeting bots: treated as recorder-style participants, never counted as connected peers.
  recorder: { name: 'Recorder', permissions: [] },
  'live-streamer': { name: 'Live Streamer', permissions: [] },
} satisfies Record<string, { name: string; permissions: PermissionSlug[] }>

export type RoleSlug = keyof typeof ROLES

/** The me screen's three labels for a user's standing in a community. */
export function standingOf(roleSlugs: readonly string[]): 'owner' | 'admin' | 'user' {
  if (roleSlugs.includes('community-owner')) return 'owner'
  if (roleSlugs.includes('community-admin')) return 'admin'
  return 'user'
}
