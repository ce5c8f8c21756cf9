/** The community sidebar, in the product's order. `path` is relative to /{brand}. */
export const SIDEBAR_ITEMS = [
  { id: 'home', path: '' },
  { id: 'messages', path: 'messages' },
  { id: 'calls', path: 'calls' },
  { id: 'contacts', path: 'contacts' },
  { id: 'tags', path: 'tags' },
  { id: 'media', path: 'media' },
  { id: 'members', path: 'members' },
  { id: 'groups', path: 'groups' },
  { id: 'eventSeries', path: 'event-series' },
  { id: 'events', path: 'events' },
  { id: 'settings', path: 'settings' },
] as const

export type SidebarItem = (typeof SIDEBAR_ITEMS)[number]['id']

/** The views the left drawer opens on, each a page of its own over the community home. */
export const DRAWER_VIEWS = ['messages', 'calls', 'contacts', 'notifications'] as const
export type DrawerView = (typeof DRAWER_VIEWS)[number]

/** Where the user is, as far as the sidebar cares. */
export type NavLocation =
  | { page: 'home' }
  | { page: 'drawer'; view: DrawerView }
  | { page: 'room'; slug: string; context: 'personal' | 'group' | 'event' }
  | { page: 'events' | 'eventSeries' | 'eventSeriesDetail' | 'groups' | 'members' | 'tags' | 'settings' | 'media' }
  | { page: 'other' }

/**
 * The product's highlight rules: the community home or the hub room highlights home; a room in a
 * group context highlights groups, any other room members; events, series (list and detail),
 * groups, members and tags highlight their own names; so does the settings panel (every tab).
 */
export function highlightedItem(location: NavLocation): SidebarItem | null {
  switch (location.page) {
    case 'home':
      return 'home'
    case 'drawer':
      // The notifications drawer opens from the header's bell, not from the sidebar.
      return location.view === 'notifications' ? null : location.view
    case 'room':
      if (location.slug === 'hub') return 'home'
      return location.context === 'group' ? 'groups' : 'members'
    case 'eventSeries':
    case 'eventSeriesDetail':
      return 'eventSeries'
    case 'events':
    case 'groups':
    case 'members':
    case 'tags':
    case 'settings':
    case 'media':
      return location.page
    default:
      return null
  }
}

/** What a page inside the community layout tells it about itself, for the sidebar's highlight (its route `handle`). */
export type CommunityHandle = { nav?: (data: unknown) => NavLocation }
