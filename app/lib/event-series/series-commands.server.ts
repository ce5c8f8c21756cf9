// The event series' commands (their failures: 'Failed to create new Series!', 'Failed to update
// series details', 'Failed to delete series'): create, update and
// delete, each in one transaction, so a failure leaves nothing half made and the caller answers
// with that message.
//
// Sessions are ordinary events made by the events' own insertEventRows. What happens to them:
// - creating a series makes one event per start of its recurrence;
// - changing the recurrence touches only sessions that have not started: they take the new
//   starts in order (a moved session keeps its link and its registrations), extra ones are
//   removed (as groups are: status deleted, their rows kept), missing ones are made; sessions
//   that have started or are over are history and stay as they are;
// - saving also passes the series' name, description and registration to the sessions to come;
// - deleting a series archives its sessions that have not started (restorable on the events
//   page's Archived tab) and leaves the others as standalone events; the series row goes.
import { Op, UniqueConstraintError, type Transaction } from 'sequelize'
import { CommunityEvent, EventSeries, FormDefinition, Room, type Brand, type User } from '#models/index'
import { isAvailableRoomSlug } from '#models/slugs'
import { dateToZonedTime } from '../i18n/zoned-time'
import { insertEventRows } from '../events/event-editor.server'
import { logger } from '../platform/logger.server'
import type { SeriesValues } from './series.schema'
import { sessionName, sessionSlug } from './series-rules'
import { seriesSessions } from './series.server'

export type SeriesOutcome = { kind: 'saved'; value: EventSeries } | { kind: 'failed' }

const MINUTE = 60_000

/** Free links for new sessions, checked inside the transaction (so the batch sees its own rows): the date's, else -2, -3 … */
async function freeSessionSlugs(brandId: string, wanted: string[], transaction: Transaction): Promise<string[]> {
  const chosen: string[] = []
  for (const base of wanted) {
    const candidates = [base, ...Array.from({ length: 30 }, (_, index) => `${base}-${index + 2}`)].filter(
      isAvailableRoomSlug,
    )
    const taken = new Set(
      (await Room.findAll({ attributes: ['slug'], where: { brandId, slug: candidates }, raw: true, transaction })).map(
        (room) => room.slug,
      ),
    )
    const free =
      candidates.find((candidate) => !taken.has(candidate) && !chosen.includes(candidate)) ??
      `${base}-${Date.now().toString(36)}`
    chosen.push(free)
  }
  return chosen
}

/** What every session to come takes from its series. */
function sessionFields(series: EventSeries, startsAt: Date) {
  const localDate = dateToZonedTime(startsAt, series.timeZone).slice(0, 10)
  return {
    room: {
      name: sessionName(series.name, localDate),
      description: series.description || series.summary,
      startsAt,
      endsAt: new Date(startsAt.getTime() + series.durationMinutes * MINUTE),
      timeZone: series.timeZone,
    },
    event: {
      seriesId: series.id,
      registrationEnabled: series.registrationRequired,
      registrationFormId: series.registrationRequired ? series.registrationFormId : null,
    },
    localDate,
  }
}

async function makeSessions(series: EventSeries, creatorId: string, starts: readonly Date[], transaction: Transaction) {
  const fields = starts.map((start) => sessionFields(series, start))
  const slugs = await freeSessionSlugs(
    series.brandId,
    fields.map((field) => sessionSlug(series.name, field.localDate)),
    transaction,
  )
  for (const [index, field] of fields.entries()) {
    await insertEventRows(
      {
        brandId: series.brandId,
        creatorId,
        slug: slugs[index]!,
        room: { ...field.room, bannerImage: null },
        event: field.event,
      },
      transaction,
    )
  }
}

/**
 * The registration form the sessions share: made (empty, for the form builder to fill) the first
 * time registration is required, so every session points at the same definition from the start.
 */
async function registrationForm(
  series: Pick<EventSeries, 'brandId' | 'registrationFormId'>,
  required: boolean,
  transaction: Transaction,
): Promise<string | null> {
  if (series.registrationFormId) return series.registrationFormId
  if (!required) return null
  const form = await FormDefinition.create({ brandId: series.brandId }, { transaction })
  return form.id
}

/** Runs a series write; a taken link (two writers at once) is tried again, any other failure logged and reported. */
async function attempt(
  what: string,
  brandId: string,
  work: (transaction: Transaction) => Promise<EventSeries>,
): Promise<SeriesOutcome> {
  for (let tries = 0; tries < 3; tries++) {
    try {
      return { kind: 'saved', value: await EventSeries.sequelize!.transaction(work) }
    } catch (error) {
      if (error instanceof UniqueConstraintError) continue
      logger.error({ err: error, brandId }, what)
      return { kind: 'failed' }
    }
  }
  return { kind: 'failed' }
}

const seriesColumns = (values: SeriesValues) => ({
  name: values.name,
  summary: values.summary,
  description: values.description,
  registrationRequired: values.registrationRequired,
  firstStartsAt: values.firstStartsAt,
  timeZone: values.timeZone,
  durationMinutes: values.durationMinutes,
  rrule: values.rule,
})

/** A new series and its sessions, all or nothing; its maker hosts every session. */
export function createSeries(input: {
  brand: Pick<Brand, 'id'>
  creator: Pick<User, 'id'>
  values: SeriesValues
}): Promise<SeriesOutcome> {
  const { brand, creator, values } = input
  return attempt('event series not created', brand.id, async (transaction) => {
    const registrationFormId = await registrationForm(
      { brandId: brand.id, registrationFormId: null },
      values.registrationRequired,
      transaction,
    )
    const series = await EventSeries.create(
      { brandId: brand.id, ...seriesColumns(values), registrationFormId },
      { transaction },
    )
    await makeSessions(series, creator.id, values.starts, transaction)
    return series
  })
}

/** Whether the saved plan differs from the form's: only then are the sessions to come moved. */
const recurrenceChanged = (series: EventSeries, values: SeriesValues) =>
  series.firstStartsAt.getTime() !== values.firstStartsAt.getTime() ||
  series.timeZone !== values.timeZone ||
  series.durationMinutes !== values.durationMinutes ||
  series.rrule !== values.rule

/** A series' new details and plan; the sessions that have not started follow (see the top of this file). */
export function updateSeries(input: {
  series: EventSeries
  editor: Pick<User, 'id'>
  values: SeriesValues
  now?: Date
}): Promise<SeriesOutcome> {
  const { series, editor, values, now = new Date() } = input
  return attempt('event series not updated', series.brandId, async (transaction) => {
    const moved = recurrenceChanged(series, values)
    const registrationFormId = await registrationForm(series, values.registrationRequired, transaction)
    await series.update({ ...seriesColumns(values), registrationFormId }, { transaction })
    const toCome = (await seriesSessions(series.id, transaction)).filter(
      (room) => room.status === 'active' && room.startsAt !== null && room.startsAt.getTime() > now.getTime(),
    )
    if (!moved) {
      for (const room of toCome) await applyToSession(series, room, room.startsAt!, transaction)
      return series
    }
    const starts = values.starts.filter((start) => start.getTime() > now.getTime())
    for (const [index, room] of toCome.entries()) {
      const start = starts[index]
      if (start) await applyToSession(series, room, start, transaction)
      else await room.update({ status: 'deleted', deleted: true }, { transaction })
    }
    await makeSessions(series, editor.id, starts.slice(toCome.length), transaction)
    return series
  })
}

/** A session to come takes the series' details and the start given. */
async function applyToSession(series: EventSeries, room: Room, startsAt: Date, transaction: Transaction) {
  const fields = sessionFields(series, startsAt)
  await room.update(
    {
      name: fields.room.name,
      description: fields.room.description,
      startsAt,
      endsAt: fields.room.endsAt,
      timeZone: fields.room.timeZone,
    },
    { transaction },
  )
  await CommunityEvent.update(
    { registrationEnabled: fields.event.registrationEnabled, registrationFormId: fields.event.registrationFormId },
    { where: { roomId: room.id }, transaction },
  )
}

/** A series gone: its sessions to come archived, every session left a standalone event. */
export function deleteSeries(input: { series: EventSeries; now?: Date }): Promise<SeriesOutcome> {
  const { series, now = new Date() } = input
  return attempt('event series not deleted', series.brandId, async (transaction) => {
    const rows = await CommunityEvent.findAll({
      attributes: ['roomId'],
      where: { seriesId: series.id },
      raw: true,
      transaction,
    })
    const roomIds = rows.map((row) => row.roomId)
    if (roomIds.length) {
      await Room.update(
        { status: 'archived' },
        { where: { id: roomIds, status: 'active', startsAt: { [Op.gt]: now } }, transaction },
      )
    }
    // The FK would do this too; saying it keeps the outcome independent of the database's FK setting.
    await CommunityEvent.update({ seriesId: null }, { where: { seriesId: series.id }, transaction })
    await series.destroy({ transaction })
    return series
  })
}
