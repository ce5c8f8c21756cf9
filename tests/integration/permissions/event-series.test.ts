// The permission matrix for event series, written from the product's rules, not from the code:
// - The event series list and detail are pages of the community: like the events page they need
//   access-community ("Otherwise access-community is needed"), with no guest switch (publicAccess
//   opens hub, groups, members and subcommunity pages only).
// - "Separate messages say the user lacks permission to create … event series": creating,
//   editing and deleting a series needs create-event-series, which only the owner and admins hold;
//   a member who sees the pages is refused (403, with the message).
// - The JSON calls answer as the pages do.
import { beforeAll } from 'vitest'
import type { EventSeries } from '#models/index'
import { loader as listLoader } from '#app/routes/$brand._community.event-series._index/route'
import { action as newAction, loader as newLoader } from '#app/routes/$brand._community.event-series.new/route'
import { action as pageAction, loader as pageLoader } from '#app/routes/$brand._community.event-series.$id._index/route'
import { action as editAction, loader as editLoader } from '#app/routes/$brand._community.event-series.$id.edit/route'
import {
  action as formAction,
  loader as formLoader,
} from '#app/routes/$brand._community.event-series.$id.registration-form/route'
import * as apiList from '#app/routes/api.event-series._index'
import * as apiOne from '#app/routes/api.event-series.$id'
import { createSeries } from '#app/lib/event-series/series-commands.server'
import { seriesSchema } from '#app/lib/event-series/series.schema'
import {
  argsAs,
  describeMatrix,
  makeMatrixWorld,
  only,
  refusedAsThrown,
  type MatrixRow,
  type MatrixWorld,
  type Persona,
} from '../../support/permission-matrix'

let world: MatrixWorld
let shown: EventSeries

const FIELDS = {
  name: 'Weekly chat',
  summary: 'We chat.',
  date: '2099-03-02',
  time: '10:00',
  timeZone: 'America/New_York',
  durationMinutes: '60',
  frequency: 'weekly',
  interval: '1',
  ends: 'count',
  count: '2',
}
const JSON_FIELDS = { ...FIELDS, durationMinutes: 60, interval: 1, count: 2 }

async function makeSeries(w: MatrixWorld, name: string) {
  const outcome = await createSeries({
    brand: w.brand,
    creator: w.people.owner,
    values: seriesSchema().parse({ ...JSON_FIELDS, name }),
  })
  if (outcome.kind !== 'saved') throw new Error('the series was not made')
  return outcome.value
}

beforeAll(async () => {
  world = await makeMatrixWorld({ publicAccess: { hub: true, groups: true, members: true, subcommunities: true } })
  shown = await makeSeries(world, 'Shown to all')
})

const COMMUNITY = ['owner', 'admin', 'moderator', 'member', 'user', 'viewer', 'guest', 'developer'] as const
const MANAGERS = ['owner', 'admin'] as const

async function deniedOn403(work: Promise<unknown>) {
  const result = (await work) as { type?: string; init?: ResponseInit | null }
  if (result?.type === 'DataWithResponseInit' && result.init?.status === 403) throw new Response(null, { status: 403 })
  return result
}
const brandOf = (w: MatrixWorld) => ({ brand: w.brand.slug })
const form = (fields: Record<string, string>): RequestInit => ({ method: 'POST', body: new URLSearchParams(fields) })
const json = (method: string, body?: unknown): RequestInit => ({
  method,
  ...(body ? { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } } : {}),
})
/** A fresh series for a write, so one persona's change never decides the next one's case. */
const fresh = (w: MatrixWorld, p: Persona) => makeSeries(w, `For ${p}`)
/** A series the API hides answers 404: refused, in this table. */
const hiddenAsRefused = (response: Response) =>
  refusedAsThrown(response.status === 404 ? new Response(null, { status: 403 }) : response)

const ROWS: MatrixRow[] = [
  {
    name: 'GET /{brand}/event-series',
    run: async (w, p) => listLoader(await argsAs(w, p, `/${w.brand.slug}/event-series`, brandOf(w))),
    expected: only(COMMUNITY),
  },
  {
    name: 'GET /{brand}/event-series/{id}',
    run: async (w, p) =>
      pageLoader(await argsAs(w, p, `/${w.brand.slug}/event-series/${shown.id}`, { ...brandOf(w), id: shown.id })),
    expected: only(COMMUNITY),
  },
  {
    name: 'GET /{brand}/event-series/new',
    run: async (w, p) => deniedOn403(newLoader(await argsAs(w, p, `/${w.brand.slug}/event-series/new`, brandOf(w)))),
    expected: only(MANAGERS),
  },
  {
    name: 'POST /{brand}/event-series/new',
    run: async (w, p) =>
      deniedOn403(
        newAction(
          await argsAs(w, p, `/${w.brand.slug}/event-series/new`, brandOf(w), form({ ...FIELDS, name: `By ${p}` })),
        ),
      ),
    expected: only(MANAGERS),
  },
  {
    name: 'GET /{brand}/event-series/{id}/edit',
    run: async (w, p) =>
      deniedOn403(
        editLoader(
          await argsAs(w, p, `/${w.brand.slug}/event-series/${shown.id}/edit`, { ...brandOf(w), id: shown.id }),
        ),
      ),
    expected: only(MANAGERS),
  },
  {
    name: 'POST /{brand}/event-series/{id}/edit',
    run: async (w, p) => {
      const series = await fresh(w, p)
      return deniedOn403(
        editAction(
          await argsAs(
            w,
            p,
            `/${w.brand.slug}/event-series/${series.id}/edit`,
            { ...brandOf(w), id: series.id },
            form({ ...FIELDS, name: 'Renamed' }),
          ),
        ),
      )
    },
    expected: only(MANAGERS),
  },
  {
    name: 'GET /{brand}/event-series/{id}/registration-form',
    run: async (w, p) =>
      deniedOn403(
        formLoader(
          await argsAs(w, p, `/${w.brand.slug}/event-series/${shown.id}/registration-form`, {
            ...brandOf(w),
            id: shown.id,
          }),
        ),
      ),
    expected: only(MANAGERS),
  },
  {
    name: 'POST /{brand}/event-series/{id}/registration-form',
    run: async (w, p) => {
      const series = await fresh(w, p)
      const fields = { 'steps[0].fields[0].type': 'shortText', 'steps[0].fields[0].label': 'Company' }
      return deniedOn403(
        formAction(
          await argsAs(
            w,
            p,
            `/${w.brand.slug}/event-series/${series.id}/registration-form`,
            { ...brandOf(w), id: series.id },
            form(fields),
          ),
        ),
      )
    },
    expected: only(MANAGERS),
  },
  {
    name: 'POST /{brand}/event-series/{id} delete',
    run: async (w, p) => {
      const series = await fresh(w, p)
      return deniedOn403(
        pageAction(
          await argsAs(
            w,
            p,
            `/${w.brand.slug}/event-series/${series.id}`,
            { ...brandOf(w), id: series.id },
            form({ intent: 'delete' }),
          ),
        ),
      )
    },
    expected: only(MANAGERS),
  },
  {
    name: 'GET /api/event-series',
    run: async (w, p) =>
      hiddenAsRefused(await apiList.loader(await argsAs(w, p, `/api/event-series?brandId=${w.brand.id}`, {}))),
    expected: only(COMMUNITY),
  },
  {
    name: 'POST /api/event-series',
    run: async (w, p) =>
      hiddenAsRefused(
        await apiList.action(
          await argsAs(
            w,
            p,
            '/api/event-series',
            {},
            json('POST', { ...JSON_FIELDS, brandId: w.brand.id, name: `API ${p}` }),
          ),
        ),
      ),
    expected: only(MANAGERS),
  },
  {
    name: 'GET /api/event-series/{id}',
    run: async (w, p) =>
      hiddenAsRefused(await apiOne.loader(await argsAs(w, p, `/api/event-series/${shown.id}`, { id: shown.id }))),
    expected: only(COMMUNITY),
  },
  {
    name: 'PUT /api/event-series/{id}',
    run: async (w, p) => {
      const series = await fresh(w, p)
      return hiddenAsRefused(
        await apiOne.action(
          await argsAs(
            w,
            p,
            `/api/event-series/${series.id}`,
            { id: series.id },
            json('PUT', { ...JSON_FIELDS, name: 'Renamed' }),
          ),
        ),
      )
    },
    expected: only(MANAGERS),
  },
  {
    name: 'DELETE /api/event-series/{id}',
    run: async (w, p) => {
      const series = await fresh(w, p)
      return hiddenAsRefused(
        await apiOne.action(await argsAs(w, p, `/api/event-series/${series.id}`, { id: series.id }, json('DELETE'))),
      )
    },
    expected: only(MANAGERS),
  },
]

describeMatrix('event series', ROWS, () => world)
