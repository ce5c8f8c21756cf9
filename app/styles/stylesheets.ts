import type { LinksFunction } from '@remix-run/node'
import account from './account.css'
import admin from './admin.css'
import base from './base.css'
import community from './community.css'
import directory from './directory.css'
import meeting from './meeting.css'

// Each layout links the stylesheet of what it shows, as its route's `links` export; Remix adds a
// nested route's links after its parents', so a layout's sheet comes after base.css (the root's)
// and may build on it. One sheet linked from several routes is fetched once.
const sheet =
  (href: string): LinksFunction =>
  () => [{ rel: 'stylesheet', href }]

export const baseStyles = sheet(base)
export const communityStyles = sheet(community)
export const adminStyles = sheet(admin)
export const accountStyles = sheet(account)
export const directoryStyles = sheet(directory)
export const meetingStyles = sheet(meeting)
