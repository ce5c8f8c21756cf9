/**
 * The community directory's rules (docs/admin-guide.md#the-directory: /directory/{brand} launcher, listing,
 * page and widget; directory settings; a room's enabledInDirectory, visibleInDirectory and
 * pinnedInDirectory). Pure and browser-safe: the server reads rooms, these decide what shows.
 */
import type { DirectorySettings } from '#models/brand-config'

export const DIRECTORY_TYPES = ['launcher', 'listing'] as const
export type DirectoryType = (typeof DIRECTORY_TYPES)[number]
export const DIRECTORY_POSITIONS = ['bottom-right', 'bottom-left', 'top-right', 'top-left'] as const
export type DirectoryPosition = (typeof DIRECTORY_POSITIONS)[number]
/** Each position's text key (locale keys are plain identifiers; the stored values keep their hyphens). */
export const POSITION_KEYS = {
  'bottom-right': 'bottomRight',
  'bottom-left': 'bottomLeft',
  'top-right': 'topRight',
  'top-left': 'topLeft',
} as const satisfies Record<DirectoryPosition, string>
/** How far from the page's edges the launcher sits, in CSS pixels: enough to clear any site's corner widgets. */
export const OFFSET_MAX = 400

/**
 * The four pages under /directory/{brand} and the names they report to an embedding page (directoryLauncher,
 * directoryListing).
 */
export const DIRECTORY_PAGES = {
  launcher: 'directoryLauncher',
  listing: 'directoryListing',
  page: 'directoryPage',
  widget: 'directoryWidget',
} as const
export type DirectoryPageName = (typeof DIRECTORY_PAGES)[keyof typeof DIRECTORY_PAGES]

/** Who is looking: a member (holds access-community) or anyone else, guests and signed-in strangers alike. */
export type DirectoryViewer = { member: boolean }

type ListedRoom = {
  enabledInDirectory: boolean
  visibleInDirectory: 'everyone' | 'members' | 'none'
  pinnedInDirectory: boolean
  name: string | null
  slug: string
}

/** Whether a room shows in the directory to this viewer: everyone → anybody, community members → members, not visible → nobody. */
export function shownInDirectory(
  room: Pick<ListedRoom, 'enabledInDirectory' | 'visibleInDirectory'>,
  viewer: DirectoryViewer,
): boolean {
  if (!room.enabledInDirectory) return false
  if (room.visibleInDirectory === 'everyone') return true
  return room.visibleInDirectory === 'members' && viewer.member
}

/** Pinned rooms first, then by name (a room without one by its link), whatever order the database gave. */
export function directoryOrder<R extends Pick<ListedRoom, 'pinnedInDirectory' | 'name' | 'slug'>>(
  rooms: readonly R[],
): R[] {
  const label = (room: R) => (room.name || room.slug).toLocaleLowerCase()
  return [...rooms].sort(
    (a, b) => Number(b.pinnedInDirectory) - Number(a.pinnedInDirectory) || label(a).localeCompare(label(b)),
  )
}

/** The directory's settings as stored, with anything missing or out of range read as its default. */
export function directorySettingsOf(stored: Partial<DirectorySettings> | null | undefined): DirectorySettings {
  const value = stored ?? {}
  const offset = (raw: unknown, fallback: number) =>
    Number.isInteger(raw) && (raw as number) >= 0 && (raw as number) <= OFFSET_MAX ? (raw as number) : fallback
  return {
    enabled: value.enabled === true,
    type: DIRECTORY_TYPES.includes(value.type as DirectoryType) ? (value.type as DirectoryType) : 'launcher',
    position: DIRECTORY_POSITIONS.includes(value.position as DirectoryPosition)
      ? (value.position as DirectoryPosition)
      : 'bottom-right',
    offsetX: offset(value.offsetX, 24),
    offsetY: offset(value.offsetY, 24),
    theme: typeof value.theme === 'string' && value.theme ? value.theme : null,
    pinnedRoomIds: Array.isArray(value.pinnedRoomIds)
      ? value.pinnedRoomIds.filter((id): id is string => typeof id === 'string')
      : [],
    selfSignup: value.selfSignup === true,
  }
}

/**
 * What an embedding page needs to place the directory's frame: the type, and for a launcher its
 * corner and offsets. Sent with every routeChange from a directory page, so the embed script needs
 * no request of its own.
 */
export function directoryPlacement(settings: DirectorySettings) {
  return { type: settings.type, position: settings.position, offsetX: settings.offsetX, offsetY: settings.offsetY }
}
export type DirectoryPlacement = ReturnType<typeof directoryPlacement>
