// The JSON API's event series calls (GET and POST /event-series, GET, PUT and DELETE
// /event-series/{id}; docs/api.md#event-series): the series pages' guard (access-community to read,
// create-event-series to write, refused with the pages' message), schema and commands, as JSON.
// A failed write answers 500 with the pages' words ("Failed to create new Series!" and the like).
import { z } from 'zod'
import { ID_PATTERN } from '#models/ids'
import { EventSeries } from '#models/index'
import { inCommunity, json, readBody, readQuery, refuse, type ApiArgs } from '../http/api.server'
import { requireCommunityPage, requireUser } from '../http/guards.server'
import { createSeries, deleteSeries, updateSeries } from '../event-series/series-commands.server'
import { seriesSchema } from '../event-series/series.schema'
import { MANAGE_SERIES, listSeries, seriesDetail } from '../event-series/series.server'
import { SeriesListQuery } from './series-api.schema'
import { brandQuery } from './api.schema'

const inSeriesPage = async (args: ApiArgs, brandId: string) =>
  requireCommunityPage(await inCommunity(args, brandId), 'eventSeries')

async function manager(args: ApiArgs, brandId: string) {
  const access = await inSeriesPage(args, brandId)
  if (!access.user || !access.permissions.has(MANAGE_SERIES)) throw refuse(403, 'series:errors.noPermission')
  return { ...access, user: access.user }
}

/** The series an address names; to anyone who may not see its community it does not exist. */
async function seriesOf(args: ApiArgs) {
  const id = args.params.id ?? ''
  const series = ID_PATTERN.test(id) ? await EventSeries.findByPk(id) : null
  if (!series) throw refuse(404, 'series:errors.notFound')
  return series
}

/** GET /event-series with brandId: the community's series. */
export async function listSeriesCall(args: ApiArgs) {
  await requireUser(args)
  const { brandId } = readQuery(args.request, SeriesListQuery)
  const { brand, user, permissions } = await inSeriesPage(args, brandId)
  return { series: await listSeries({ brand, userId: user?.id ?? null, permissions }) }
}

/** POST /event-series with brandId and the form's fields: 201 with the series and its sessions. */
export async function createSeriesCall(args: ApiArgs) {
  await requireUser(args)
  const { brandId, ...fields } = await readBody(args.request, z.object(brandQuery).passthrough())
  const { brand, user, permissions } = await manager(args, brandId)
  const values = await readValues(fields, true)
  const outcome = await createSeries({ brand, creator: user, values })
  if (outcome.kind === 'failed') throw refuse(500, 'series:errors.createFailed')
  return json({ series: await seriesDetail(outcome.value, { brand, userId: user.id, permissions }) }, 201)
}

/** The body's fields through the pages' schema: the first problem's message, 400. */
async function readValues(fields: Record<string, unknown>, requireFutureStart: boolean) {
  const parsed = seriesSchema({ requireFutureStart }).safeParse(fields)
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? ''
    throw refuse(400, (/^series:errors\.\w+$/.test(message) ? message : 'series:errors.badRequest') as never)
  }
  return parsed.data
}

/** GET /event-series/{id}: the series with the sessions the requester may see. */
export async function getSeriesCall(args: ApiArgs) {
  await requireUser(args)
  const series = await seriesOf(args)
  const { brand, user, permissions } = await inSeriesPage(args, series.brandId)
  return { series: await seriesDetail(series, { brand, userId: user?.id ?? null, permissions }) }
}

/** PUT /event-series/{id} with every field of the form: the sessions to come follow. */
export async function updateSeriesCall(args: ApiArgs) {
  await requireUser(args)
  const series = await seriesOf(args)
  const { brand, user, permissions } = await manager(args, series.brandId)
  const body = await readBody(args.request, z.object({}).passthrough())
  const values = await readValues(body, false)
  const outcome = await updateSeries({ series, editor: user, values })
  if (outcome.kind === 'failed') throw refuse(500, 'series:errors.updateFailed')
  return { series: await seriesDetail(outcome.value, { brand, userId: user.id, permissions }) }
}

/** DELETE /event-series/{id}: 204; its sessions to come archived, the others standalone events. */
export async function deleteSeriesCall(args: ApiArgs) {
  await requireUser(args)
  const series = await seriesOf(args)
  await manager(args, series.brandId)
  const outcome = await deleteSeries({ series })
  if (outcome.kind === 'failed') throw refuse(500, 'series:errors.deleteFailed')
  return new Response(null, { status: 204 })
}
