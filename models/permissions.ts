/**
 * The role and permission catalogue (docs/admin-guide.md#roles-and-permissions). Migrations write it to the
 * roles, permissions and role_permissions tables (idempotently, see role-catalogue.ts), and code names
 * permissions and roles through these types. The permission matrix test checks what each role may do against
 * a table written from the product's rules, not from this file.
 */

export const PERMISSIONS = {
  'access-community': 'Enter the community',
  'access-community-groups': 'See the groups page',
  'access-community-members': 'See the members page',
  'access-community-tags': 'See the tags page',
  'manage-community': 'Change community settings and open the admin panel',
  'manage-community-members': 'Add, edit, archive, import and export members',
  'approve-community-members': 'Approve or reject people who asked to join',
  'manage-community-owners': 'Grant or revoke the owner role, delete owners',
  'manage-community-rooms': 'Create, edit and delete rooms',
  'moderate-community-posts': 'Review held posts and remove others’ posts',
  'create-groups': 'Create groups',
  'create-events': 'Create events',
  'create-event-series': 'Create event series',
  'create-tags': 'Create tags',
  'use-developer-tools': 'Use the developer console outside production',
  'edit-own-user': 'Edit own profile',
  'edit-own-room': 'Edit own room',
  'edit-own-posts': 'Edit own posts',
  'edit-group-room': 'Edit a group room',
  'edit-group-posts': 'Edit posts in a group',
  'kick-peer': 'Remove a participant from a meeting',
  'mute-peer': 'Mute a participant in a meeting',
} as const

export type PermissionSlug = keyof typeof PERMISSIONS

const own: PermissionSlug[] = ['edit-own-user', 'edit-own-room', 'edit-own-posts']
const browse: PermissionSlug[] = [
  'access-community',
  'access-community-groups',
  'access-community-members',
  'access-community-tags',
]
const member: PermissionSlug[] = [...browse, ...own, 'create-groups']

const allBut = (...excluded: PermissionSlug[]) =>
  (Object.keys(PERMISSIONS) as PermissionSlug[]).filter((slug) => !excluded.includes(slug))

/**
 * Every role of the product. Community roles are granted community-wide (an admin's grant names no room);
 * room-host and room-co-host (the product's host and co-host) are granted for one room. Meeting bots hold no
 * permission: the room rule lets recorders in, and the edge gives them a recorder's place.
 */
export const ROLES = {
  'community-owner': { name: 'Owner', permissions: allBut() },
  // Admins run the community but cannot create or delete owners.
  'community-admin': { name: 'Admin', permissions: allBut('manage-community-owners') },
  'community-moderator': {
    name: 'Moderator',
    permissions: [...member, 'approve-community-members', 'moderate-community-posts'],
  },
  'community-member': { name: 'Member', permissions: member },
  // "User: basic access to their own room, no admin panel": enters the community, not its directories.
  'community-user': { name: 'User', permissions: ['access-community', ...own] },
  'community-viewer': { name: 'Viewer', permissions: browse },
  // A guest account enters the community's rooms but browses nothing the admins keep private.
  'community-guest': { name: 'Guest', permissions: ['access-community'] },
  'community-developer': { name: 'Developer', permissions: [...member, 'use-developer-tools'] },
  'room-host': { name: 'Room Host', permissions: [...own, 'kick-peer', 'mute-peer'] },
  'room-co-host': {
    name: 'Room Co-Host',
    permissions: ['edit-group-room', 'edit-group-posts', 'kick-peer', 'mute-peer'],
  },
  recorder: { name: 'Recorder', permissions: [] },
  'live-streamer': { name: 'Live Streamer', permissions: [] },
  'meeting-bot': { name: 'Meeting Bot', permissions: [] },
} satisfies Record<string, { name: string; permissions: PermissionSlug[] }>

export type RoleSlug = keyof typeof ROLES

/** Roles an admin grants in the member editor, highest first. Room roles are given by the rooms themselves. */
export const COMMUNITY_ROLES = [
  'community-owner',
  'community-admin',
  'community-moderator',
  'community-member',
  'community-user',
  'community-viewer',
  'community-guest',
  'community-developer',
] as const satisfies readonly RoleSlug[]
export type CommunityRole = (typeof COMMUNITY_ROLES)[number]

/** Participants that are software, not people: they pass room rules and are never counted as peers. */
export const MEETING_BOT_ROLES = ['recorder', 'live-streamer', 'meeting-bot'] as const satisfies readonly RoleSlug[]

export function isCommunityRole(value: string): value is CommunityRole {
  return (COMMUNITY_ROLES as readonly string[]).includes(value)
}

/**
 * Whether someone holding `held` may grant or take away `role`: only those who may manage owners
 * touch the owner role (admins cannot create or delete owners).
 */
export function mayAssignRole(held: ReadonlySet<PermissionSlug>, role: CommunityRole): boolean {
  if (!held.has('manage-community-members')) return false
  return role !== 'community-owner' || held.has('manage-community-owners')
}

/** The me screen's three labels for a user's standing in a community. */
export function standingOf(roleSlugs: readonly string[]): 'owner' | 'admin' | 'user' {
  if (roleSlugs.includes('community-owner')) return 'owner'
  if (roleSlugs.includes('community-admin')) return 'admin'
  return 'user'
}

/**
 * The community pages a route guard protects, with the permissions each needs (route
 * permissions; every listed permission is required) and the public-access switch that lets guests
 * see it when the admins allow ("hub, groups, members and subcommunity pages").
 */
export const COMMUNITY_PAGES = {
  home: { permissions: ['access-community'], guestSwitch: 'hub' },
  groups: { permissions: ['access-community', 'access-community-groups'], guestSwitch: 'groups' },
  members: { permissions: ['access-community', 'access-community-members'], guestSwitch: 'members' },
  subcommunities: { permissions: ['access-community'], guestSwitch: 'subcommunities' },
  membersExport: {
    permissions: ['access-community', 'access-community-members', 'manage-community-members'],
    guestSwitch: null,
  },
  tags: { permissions: ['access-community', 'access-community-tags'], guestSwitch: null },
  events: { permissions: ['access-community'], guestSwitch: null },
  eventSeries: { permissions: ['access-community'], guestSwitch: null },
  drawer: { permissions: ['access-community'], guestSwitch: null },
  settings: { permissions: ['access-community', 'manage-community'], guestSwitch: null },
  admin: { permissions: ['access-community', 'manage-community'], guestSwitch: null },
} as const satisfies Record<
  string,
  { permissions: readonly PermissionSlug[]; guestSwitch: 'hub' | 'groups' | 'members' | 'subcommunities' | null }
>
export type CommunityPage = keyof typeof COMMUNITY_PAGES

/** The create permissions and the message each refusal shows. */
export const CREATE_PERMISSIONS = {
  groups: 'create-groups',
  events: 'create-events',
  eventSeries: 'create-event-series',
  tags: 'create-tags',
} as const satisfies Record<string, PermissionSlug>
