// The permission matrix for notifications. From the product's rules: the notifications panel and its settings
// dialog are the left drawer's, which holds one's own things, so they are for signed-in members
// only, even where the admins open the hub to guests (public access lists hub, groups, members and
// subcommunity pages, not the drawer); every community role holds access-community; the pending and
// the archived hold nothing; an outsider is another community's. The JSON calls answer anyone
// signed in about their own notifications and nobody about another's. Written from the product's rules, not the code.
import { beforeAll } from 'vitest'
import { action as panelAction, loader as panelLoader } from '#app/routes/$brand._community.notifications._index/route'
import {
  action as settingsAction,
  loader as settingsLoader,
} from '#app/routes/$brand._community.notifications.settings/route'
import { loader as liveLoader } from '#app/routes/$brand.notifications.live'
import { loader as apiNotifications } from '#app/routes/api.notifications.$userId'
import { action as apiNewSetting } from '#app/routes/api.user-notification-settings._index'
import {
  argsAs,
  describeMatrix,
  everyone,
  makeMatrixWorld,
  only,
  type MatrixRow,
  type MatrixWorld,
  type Persona,
} from '../../support/permission-matrix'

let closed: MatrixWorld
let open: MatrixWorld
beforeAll(async () => {
  closed = await makeMatrixWorld()
  open = await makeMatrixWorld({ publicAccess: { hub: true, groups: true, members: true, subcommunities: true } })
})

const MEMBERS = ['owner', 'admin', 'moderator', 'member', 'user', 'viewer', 'guest', 'developer'] as const
const SIGNED_IN = [...MEMBERS, 'pending', 'archived', 'outsider'] as const

const path = (w: MatrixWorld, rest: string) => `/${w.brand.slug}/${rest}`
const params = (w: MatrixWorld) => ({ brand: w.brand.slug })
const post = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields) })

/** A JSON call answers its refusals as responses: thrown here, so the matrix reads them as the pages' refusals. */
async function api(response: Response) {
  if (response.status === 401 || response.status === 403) throw response
  if (response.status >= 400) throw new Error(`the call answered ${response.status}`)
  return response
}

/** Someone to ask about: the persona's own id, or (for anonymous, who has none) the member's. */
const userIdOf = (w: MatrixWorld, persona: Persona) => w.people[persona === 'anonymous' ? 'member' : persona].id

const ROWS: MatrixRow[] = [
  {
    name: 'GET /{brand}/notifications',
    run: async (w, p) => panelLoader(await argsAs(w, p, path(w, 'notifications'), params(w))),
    expected: only(MEMBERS),
  },
  {
    name: 'POST /{brand}/notifications mark all read',
    run: async (w, p) =>
      panelAction(await argsAs(w, p, path(w, 'notifications'), params(w), post({ intent: 'markAllRead' }))),
    expected: only(MEMBERS),
  },
  {
    name: 'GET /{brand}/notifications/settings',
    run: async (w, p) => settingsLoader(await argsAs(w, p, path(w, 'notifications/settings'), params(w))),
    expected: only(MEMBERS),
  },
  {
    name: 'POST /{brand}/notifications/settings',
    run: async (w, p) =>
      settingsAction(
        await argsAs(
          w,
          p,
          path(w, 'notifications/settings'),
          params(w),
          post({ frequency: 'daily', scope: 'replies' }),
        ),
      ),
    expected: only(MEMBERS),
  },
  {
    name: 'GET /{brand}/notifications/live',
    run: async (w, p) => {
      const response = await liveLoader(await argsAs(w, p, path(w, 'notifications/live'), params(w)))
      await response.body?.cancel()
    },
    expected: only(MEMBERS),
  },
  {
    name: 'GET /api/notifications/{own id}',
    run: async (w, p) =>
      api(
        await apiNotifications(await argsAs(w, p, `/api/notifications/${userIdOf(w, p)}`, { userId: userIdOf(w, p) })),
      ),
    expected: only(SIGNED_IN),
  },
  {
    name: "GET /api/notifications/{another's id}",
    run: async (w, p) => {
      const target = w.people[p === 'owner' ? 'admin' : 'owner'].id
      return api(await apiNotifications(await argsAs(w, p, `/api/notifications/${target}`, { userId: target })))
    },
    expected: { ...everyone('denied'), anonymous: 'signIn' },
  },
  {
    name: 'POST /api/user-notification-settings for the community',
    run: async (w, p) =>
      api(
        await apiNewSetting(
          await argsAs(
            w,
            p,
            '/api/user-notification-settings',
            {},
            {
              method: 'POST',
              body: JSON.stringify({ brandId: w.brand.id, scope: 'all' }),
              headers: { 'Content-Type': 'application/json' },
            },
          ),
        ),
      ),
    expected: only(MEMBERS),
  },
]

describeMatrix('notifications, community closed to guests', ROWS, () => closed)
describeMatrix('notifications, community open to guests', ROWS, () => open)
