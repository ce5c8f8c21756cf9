// The event series pages' loaders and actions (the list, event-series/{id} and their editors;
// docs/admin-guide.md#event-series): the series pages need
// what the events page needs (access-community); creating, editing and deleting need
// create-event-series, refused with "You do not have permission to create event series in this
// community." (403) before any series is looked up. Bad input is answered 400 with the values kept;
// a failed write with its message ("Failed to create new Series!" and the like).
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { DEFAULT_DURATION_MINUTES } from '../events/event-rules'
import { requireCommunityPage } from '../http/guards.server'
import { redirectWithFlash } from '../http/flash.server'
import { parseListForm, readForm } from '../http/form-body.server'
import { emptyBuilder, stepsToBuilder, withBuilderIntent } from '../forms/form-builder.schema'
import { readFormSteps, saveFormDefinition } from '../forms/forms.server'
import type { TranslationKey } from '../i18n/i18n'
import { routeMessages } from '../i18n/page-language.server'
import { timeZones } from '../i18n/zoned-time'
import { Room } from '#models/index'
import { partsOfRule } from './recurrence'
import { createSeries, deleteSeries, updateSeries } from './series-commands.server'
import { seriesFormUrl, seriesListUrl, seriesUrl } from './series-rules'
import {
  SeriesDeleteSchema,
  SeriesObject,
  SeriesRegistrationFormObject,
  SeriesRegistrationFormSchema,
  seriesFormValues,
  seriesSchema,
} from './series.schema'
import { MANAGE_SERIES, findSeries, listSeries, seriesDetail } from './series.server'

export const NO_PERMISSION: TranslationKey = 'series:errors.noPermission'

const seriesPage = (args: LoaderFunctionArgs) => requireCommunityPage(args, 'eventSeries')

/** The page's guard, then create-event-series (signed in): who may write. */
async function managerAccess(args: LoaderFunctionArgs) {
  const access = await seriesPage(args)
  const mayManage = Boolean(access.user) && access.permissions.has(MANAGE_SERIES)
  return { ...access, mayManage }
}

/** A series of this community named by the address, or the series list (it is gone or never was). */
async function requireSeries(brand: { id: string; slug: string }, id: string | undefined) {
  const series = await findSeries(brand.id, id)
  if (!series)
    throw await redirectWithFlash(seriesListUrl(brand.slug), { kind: 'error', message: 'series:errors.notFound' })
  return series
}

export async function seriesListLoader(args: LoaderFunctionArgs) {
  const { brand, user, permissions, mayManage } = await managerAccess(args)
  const rows = await listSeries({ brand, userId: user?.id ?? null, permissions })
  return { messages: await routeMessages(args, 'series'), brandSlug: brand.slug, rows, mayManage }
}

export async function seriesPageLoader(args: LoaderFunctionArgs) {
  const { brand, user, permissions, mayManage } = await managerAccess(args)
  const series = await requireSeries(brand, args.params.id)
  return {
    messages: await routeMessages(args, 'series'),
    brandSlug: brand.slug,
    mayManage,
    series: await seriesDetail(series, { brand, userId: user?.id ?? null, permissions }),
  }
}

/** The detail page's one write: delete, for those who manage series. */
export async function seriesPageAction(args: ActionFunctionArgs) {
  const { brand, mayManage } = await managerAccess(args)
  if (!mayManage) return data({ error: NO_PERMISSION }, { status: 403 })
  const submission = parseWithZod(await readForm(args.request), { schema: SeriesDeleteSchema })
  if (submission.status !== 'success')
    return data({ error: 'series:errors.badRequest' as TranslationKey }, { status: 400 })
  const series = await requireSeries(brand, args.params.id)
  const outcome = await deleteSeries({ series })
  if (outcome.kind === 'failed')
    throw await redirectWithFlash(seriesUrl(brand.slug, series.id), {
      kind: 'error',
      message: 'series:errors.deleteFailed',
    })
  throw await redirectWithFlash(seriesListUrl(brand.slug), {
    kind: 'success',
    message: 'series:flash.deleted',
    values: { name: series.name },
  })
}

/** The zone a new series starts in: the hub room's, else UTC (as new events do). */
async function communityZone(topLevelRoomId: string | null): Promise<string> {
  const hub = topLevelRoomId ? await Room.findByPk(topLevelRoomId, { attributes: ['timeZone'] }) : null
  return hub?.timeZone || 'UTC'
}

export async function newSeriesLoader(args: LoaderFunctionArgs) {
  const { brand, mayManage } = await managerAccess(args)
  return data(
    {
      messages: await routeMessages(args, 'series'),
      brandSlug: brand.slug,
      mayManage,
      constraint: getZodConstraint(SeriesObject),
      timeZones: mayManage ? timeZones() : [],
      defaults: {
        timeZone: await communityZone(brand.topLevelRoomId),
        durationMinutes: String(DEFAULT_DURATION_MINUTES),
        frequency: 'weekly',
        interval: '1',
        ends: 'count',
        count: '4',
      },
    },
    mayManage ? undefined : { status: 403 },
  )
}

export async function newSeriesAction(args: ActionFunctionArgs) {
  const { brand, user, mayManage } = await managerAccess(args)
  if (!mayManage || !user) return data({ result: null, error: NO_PERMISSION }, { status: 403 })
  const submission = parseWithZod(await readForm(args.request), { schema: seriesSchema() })
  if (submission.status !== 'success') return data({ result: submission.reply(), error: null }, { status: 400 })
  const outcome = await createSeries({ brand, creator: user, values: submission.value })
  if (outcome.kind === 'failed')
    return data(
      { result: submission.reply({ formErrors: ['series:errors.createFailed'] }), error: null },
      { status: 500 },
    )
  throw await redirectWithFlash(seriesUrl(brand.slug, outcome.value.id), {
    kind: 'success',
    message: 'series:flash.created',
    values: { name: outcome.value.name },
  })
}

export async function editSeriesLoader(args: LoaderFunctionArgs) {
  const { brand, mayManage } = await managerAccess(args)
  if (!mayManage)
    return data(
      {
        messages: await routeMessages(args, 'series'),
        brandSlug: brand.slug,
        mayManage,
        constraint: null,
        timeZones: [],
        series: null,
      },
      { status: 403 },
    )
  const series = await requireSeries(brand, args.params.id)
  return data({
    messages: await routeMessages(args, 'series'),
    brandSlug: brand.slug,
    mayManage,
    constraint: getZodConstraint(SeriesObject),
    timeZones: timeZones(),
    series: { id: series.id, name: series.name, values: seriesFormValues(series, partsOfRule(series.rrule)) },
  })
}

export async function editSeriesAction(args: ActionFunctionArgs) {
  const { brand, user, mayManage } = await managerAccess(args)
  if (!mayManage || !user) return data({ result: null, error: NO_PERMISSION }, { status: 403 })
  const series = await requireSeries(brand, args.params.id)
  const submission = parseWithZod(await readForm(args.request), { schema: seriesSchema({ requireFutureStart: false }) })
  if (submission.status !== 'success') return data({ result: submission.reply(), error: null }, { status: 400 })
  const outcome = await updateSeries({ series, editor: user, values: submission.value })
  if (outcome.kind === 'failed')
    return data(
      { result: submission.reply({ formErrors: ['series:errors.updateFailed'] }), error: null },
      { status: 500 },
    )
  throw await redirectWithFlash(seriesUrl(brand.slug, series.id), { kind: 'success', message: 'series:flash.updated' })
}

/**
 * `/event-series/{id}/registration-form`: the form the sessions share (made when registration was
 * first required), built with the form builder like an event's. A series that asks no
 * registration has none: the page says how to turn it on.
 */
export async function seriesFormLoader(args: LoaderFunctionArgs) {
  const { brand, mayManage } = await managerAccess(args)
  const base = {
    messages: await routeMessages(args, 'series', 'forms'),
    brandSlug: brand.slug,
    mayManage,
    constraint: getZodConstraint(SeriesRegistrationFormObject),
  }
  if (!mayManage) return data({ ...base, series: null }, { status: 403 })
  const series = await requireSeries(brand, args.params.id)
  const steps = await readFormSteps(brand.id, series.registrationFormId)
  return data({
    ...base,
    series: {
      id: series.id,
      name: series.name,
      hasForm: Boolean(series.registrationFormId),
      steps: steps?.length ? stepsToBuilder(steps) : emptyBuilder(),
    },
  })
}

export async function seriesFormAction(args: ActionFunctionArgs) {
  const { brand, mayManage } = await managerAccess(args)
  if (!mayManage) return data({ result: null, error: NO_PERMISSION }, { status: 403 })
  const series = await requireSeries(brand, args.params.id)
  if (!series.registrationFormId)
    return data({ result: null, error: 'series:registrationForm.off' as TranslationKey }, { status: 400 })
  const submission = parseListForm(
    withBuilderIntent(await readForm(args.request), ['steps']),
    SeriesRegistrationFormSchema,
  )
  if (!submission) return data({ result: null, error: 'series:errors.badRequest' as TranslationKey }, { status: 400 })
  // A builder button without JavaScript: the form comes back changed, nothing saved.
  if (submission.status === undefined) return data({ result: submission.reply(), error: null })
  if (submission.status !== 'success') return data({ result: submission.reply(), error: null }, { status: 400 })
  await saveFormDefinition(brand.id, series.registrationFormId, submission.value)
  throw await redirectWithFlash(seriesFormUrl(brand.slug, series.id), {
    kind: 'success',
    message: 'common:flash.saved',
  })
}
