// Event series (the list and detail, the series editor; "Event series name: required, minimum 2
// characters. Summary: required, maximum 280 characters." and "The frequency between sessions must
// exceed the event duration."; create-event-series and its refusal; the /event-series calls;
// 'Failed to create new Series!', 'Failed to update series details', 'Failed to delete series'):
// through the routes' real loaders and actions, and the JSON API, on the file's own database.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { CommunityEvent, EventSeries, FormDefinition, Room, type Brand, type User } from '#models/index'
import { translatorFor } from '#app/lib/i18n/i18n.server'
import { dateToZonedTime } from '#app/lib/i18n/zoned-time'
import { saveFormDefinition } from '#app/lib/forms/forms.server'
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
import * as apiSeriesForm from '#app/routes/api.forms.series.$seriesId'
import { grantRole, makeCommunity, makeUser } from '#tests/support/factories'
import { apiCall } from '#tests/support/api-call'
import { routeArgs } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

const en = translatorFor('en')

let brand: Brand
let owner: User
let member: User
let ownerCookie: string
let memberCookie: string

beforeAll(async () => {
  ;({ brand, owner } = await makeCommunity())
  member = await makeUser()
  await grantRole(member, brand)
  ownerCookie = await signedInCookie(owner.id)
  memberCookie = await signedInCookie(member.id)
})

afterEach(() => {
  vi.restoreAllMocks()
})

/** Weekly on Mondays at 10:00 New York time, over the March 2099 daylight-saving change (8 March). */
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
  count: '3',
}

type Reply = {
  result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } | null
  error?: string | null
}

async function run(
  work: Promise<unknown>,
): Promise<{ status: number; body?: Reply; location?: string; response?: Response }> {
  try {
    const result = await work
    return { status: initOf(result).status, body: unwrap(result) as unknown as Reply }
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    return { status: thrown.status, location: thrown.headers.get('Location') ?? undefined, response: thrown }
  }
}

const post = (
  path: string,
  params: Record<string, string>,
  fields: Record<string, string | string[]>,
  cookie = ownerCookie,
) => {
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one)
  return routeArgs(path, { brand: brand.slug, ...params }, { method: 'POST', body, headers: { Cookie: cookie } })
}
const get = (path: string, params: Record<string, string>, cookie = ownerCookie) =>
  routeArgs(path, { brand: brand.slug, ...params }, { headers: { Cookie: cookie } })

const create = (fields: Record<string, string | string[]> = {}, cookie = ownerCookie) =>
  run(newAction(post(`/${brand.slug}/event-series/new`, {}, { ...FIELDS, ...fields }, cookie)))

async function created(fields: Record<string, string | string[]> = {}) {
  const outcome = await create(fields)
  expect(outcome.status).toBe(302)
  const id = outcome.location!.split('/').pop()!
  return EventSeries.findByPk(id, { rejectOnEmpty: true })
}

async function sessionsOf(seriesId: string) {
  const rows = await CommunityEvent.findAll({ where: { seriesId } })
  const rooms = await Room.findAll({ where: { id: rows.map((row) => row.roomId) }, order: [['startsAt', 'ASC']] })
  return rooms.map((room) => ({ room, event: rows.find((row) => row.roomId === room.id)! }))
}

describe('creating a series', () => {
  it('makes one event per session, at the same local time across the DST change, and says so', async () => {
    const outcome = await create()
    expect(outcome.status).toBe(302)
    await expect(outcome.response!).toHaveFlash({ message: 'series:flash.created' })
    const series = await EventSeries.findByPk(outcome.location!.split('/').pop()!, { rejectOnEmpty: true })
    expect(series.rrule).toBe('FREQ=WEEKLY;INTERVAL=1;COUNT=3')
    const sessions = await sessionsOf(series.id)
    expect(sessions.map(({ room }) => dateToZonedTime(room.startsAt!, 'America/New_York'))).toEqual([
      '2099-03-02T10:00',
      '2099-03-09T10:00',
      '2099-03-16T10:00',
    ])
    expect(sessions.map(({ room }) => room.startsAt!.toISOString().slice(11, 16))).toEqual(['15:00', '14:00', '14:00'])
    expect(sessions.map(({ room }) => room.name)).toEqual([
      'Weekly chat — 2099-03-02',
      'Weekly chat — 2099-03-09',
      'Weekly chat — 2099-03-16',
    ])
    expect(
      sessions.every(
        ({ room }) =>
          room.context === 'event' &&
          room.hostId === owner.id &&
          room.endsAt!.getTime() - room.startsAt!.getTime() === 3_600_000,
      ),
    ).toBe(true)
    expect(sessions.every(({ event }) => !event.registrationEnabled && event.registrationFormId === null)).toBe(true)
  })

  it('with registration required, every session asks for it and shares the series form', async () => {
    const series = await created({ name: 'Registered talks', registrationRequired: 'on' })
    expect(series.registrationFormId).toMatch(/^[\w-]{36}$/)
    const sessions = await sessionsOf(series.id)
    expect(sessions).toHaveLength(3)
    expect(
      sessions.every(
        ({ event }) => event.registrationEnabled && event.registrationFormId === series.registrationFormId,
      ),
    ).toBe(true)
  })

  it('name: at least 2 characters (the values kept); summary: required, at most 280', async () => {
    const short = await create({ name: 'a', summary: 'Kept' })
    expect(short.status).toBe(400)
    expect(short.body!.result!.error!.name).toEqual(['series:errors.nameTooShort'])
    expect(short.body!.result!.initialValue!.summary).toBe('Kept')
    expect((await create({ name: 'ab', count: '1' })).status).toBe(302)
    expect((await create({ summary: '' })).body!.result!.error!.summary).toEqual(['series:errors.summaryRequired'])
    expect((await create({ name: 'Long summary', summary: 'x'.repeat(281) })).body!.result!.error!.summary).toEqual([
      'series:errors.summaryTooLong',
    ])
    expect((await create({ name: 'Full summary', summary: 'x'.repeat(280), count: '1' })).status).toBe(302)
  })

  it('the frequency between sessions must exceed the duration, in the spec words', async () => {
    const daily = { frequency: 'daily', date: '2099-06-01', timeZone: 'UTC' }
    const refused = await create({ ...daily, durationMinutes: '1440' })
    expect(refused.status).toBe(400)
    expect(refused.body!.result!.error!.durationMinutes).toEqual(['series:errors.frequencyTooShort'])
    expect(en('series:errors.frequencyTooShort')).toBe('The frequency between sessions must exceed the event duration.')
    expect((await create({ ...daily, name: 'Daily long', durationMinutes: '1439' })).status).toBe(302)
  })

  it('caps the sessions and refuses junk without a 500', async () => {
    expect((await create({ count: '53' })).body!.result!.error!.count).toEqual(['series:errors.countInvalid'])
    expect(
      (await create({ ends: 'until', untilDate: '2101-01-01', count: '' })).body!.result!.error!.untilDate,
    ).toEqual(['series:errors.tooManySessions'])
    expect((await create({ timeZone: 'Mars/Olympus' })).status).toBe(400)
    expect((await create({ weekdays: ['XX'] })).status).toBe(400)
    expect((await create({ date: '2000-01-03' })).body!.result!.error!.date).toEqual(['series:errors.startInPast'])
  })

  it('weekdays: the sessions fall on the days ticked', async () => {
    const series = await created({ name: 'Two a week', weekdays: ['MO', 'TH'], count: '4' })
    const sessions = await sessionsOf(series.id)
    expect(sessions.map(({ room }) => dateToZonedTime(room.startsAt!, 'America/New_York'))).toEqual([
      '2099-03-02T10:00',
      '2099-03-05T10:00',
      '2099-03-09T10:00',
      '2099-03-12T10:00',
    ])
  })

  it('refuses a member in the spec words (403) and writes nothing', async () => {
    const page = await run(newLoader(get(`/${brand.slug}/event-series/new`, {}, memberCookie)))
    expect(page.status).toBe(403)
    const before = await EventSeries.count()
    const refused = await create({ name: 'Not mine' }, memberCookie)
    expect(refused.status).toBe(403)
    expect(refused.body!.error).toBe('series:errors.noPermission')
    expect(en('series:errors.noPermission')).toBe(
      'You do not have permission to create event series in this community.',
    )
    expect(await EventSeries.count()).toBe(before)
  })

  it('a failed write answers "Failed to create new Series!" with the values kept, and leaves nothing', async () => {
    const before = await EventSeries.count()
    vi.spyOn(CommunityEvent, 'create').mockRejectedValueOnce(new Error('database went away'))
    const failed = await create({ name: 'Doomed' })
    expect(failed.status).toBe(500)
    expect(failed.body!.result!.error!['']).toEqual(['series:errors.createFailed'])
    expect(failed.body!.result!.initialValue!.name).toBe('Doomed')
    expect(en('series:errors.createFailed')).toBe('Failed to create new Series!')
    expect(await EventSeries.count()).toBe(before)
    expect(await Room.count({ where: { brandId: brand.id, name: 'Doomed — 2099-03-02' } })).toBe(0)
  })
})

describe('the list and the detail', () => {
  it('lists the series for members, with a New series link for managers only', async () => {
    const series = await created({ name: 'Listed series' })
    const asMember = unwrap(await listLoader(get(`/${brand.slug}/event-series`, {}, memberCookie)))
    expect(asMember.mayManage).toBe(false)
    const row = asMember.rows.find((one) => one.id === series.id)!
    expect(row).toMatchObject({ name: 'Listed series', summary: 'We chat.', sessions: 3 })
    expect(unwrap(await listLoader(get(`/${brand.slug}/event-series`, {}))).mayManage).toBe(true)
  })

  it('shows the sessions linking to their events; an unknown id goes back to the list', async () => {
    const series = await created({ name: 'Detailed series' })
    const detail = unwrap(
      await pageLoader(get(`/${brand.slug}/event-series/${series.id}`, { id: series.id }, memberCookie)),
    )
    expect(detail.series.sessions.map((session) => session.slug)).toEqual([
      'detailed-series-2099-03-02',
      'detailed-series-2099-03-09',
      'detailed-series-2099-03-16',
    ])
    const missing = await run(pageLoader(get(`/${brand.slug}/event-series/${'x'.repeat(36)}`, { id: 'x'.repeat(36) })))
    expect(missing.location).toBe(`/${brand.slug}/event-series`)
    await expect(missing.response!).toHaveFlash({ message: 'series:errors.notFound' })
  })
})

describe('editing a series', () => {
  const edit = (series: EventSeries, fields: Record<string, string | string[]>) =>
    run(editAction(post(`/${brand.slug}/event-series/${series.id}/edit`, { id: series.id }, { ...FIELDS, ...fields })))

  it('fills the form with the stored plan', async () => {
    const series = await created({ name: 'Prefilled', weekdays: ['MO'] })
    const page = unwrap(await editLoader(get(`/${brand.slug}/event-series/${series.id}/edit`, { id: series.id })))
    expect(page.series!.values).toMatchObject({
      name: 'Prefilled',
      date: '2099-03-02',
      time: '10:00',
      timeZone: 'America/New_York',
      frequency: 'weekly',
      weekdays: ['MO'],
      ends: 'count',
      count: '3',
    })
  })

  it('a new time moves only the sessions that have not started; a started one stays as it was', async () => {
    const series = await created({ name: 'Moving series' })
    const [first] = await sessionsOf(series.id)
    // The first session has started (its start put in the past).
    const past = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000)
    await first!.room.update({ startsAt: past, endsAt: new Date(past.getTime() + 3_600_000) })
    // The series now runs from the second week, at 18:30.
    const saved = await edit(series, { name: 'Moving series', date: '2099-03-09', time: '18:30', count: '3' })
    expect(saved.status).toBe(302)
    await expect(saved.response!).toHaveFlash({ message: 'series:flash.updated' })
    const sessions = await sessionsOf(series.id)
    expect(sessions[0]!.room.id).toBe(first!.room.id)
    expect(sessions[0]!.room.startsAt!.getTime()).toBe(past.getTime())
    // The two sessions to come moved to 18:30 local, and a third was made.
    expect(sessions.slice(1).map(({ room }) => dateToZonedTime(room.startsAt!, 'America/New_York'))).toEqual([
      '2099-03-09T18:30',
      '2099-03-16T18:30',
      '2099-03-23T18:30',
    ])
    // Moved sessions keep their links.
    expect(sessions[1]!.room.slug).toBe('moving-series-2099-03-09')
  })

  it('fewer sessions: the extra ones to come are removed; registration passes to the sessions to come', async () => {
    const series = await created({ name: 'Shrinking series' })
    const saved = await edit(series, { name: 'Shrinking series', count: '2', registrationRequired: 'on' })
    expect(saved.status).toBe(302)
    const sessions = (await sessionsOf(series.id)).filter(({ room }) => !room.deleted)
    expect(sessions).toHaveLength(2)
    await series.reload()
    expect(
      sessions.every(
        ({ event }) => event.registrationEnabled && event.registrationFormId === series.registrationFormId,
      ),
    ).toBe(true)
  })

  it('bad input is 400 with the values kept; a failure says "Failed to update series details"', async () => {
    const series = await created({ name: 'Edited badly' })
    const bad = await edit(series, { name: 'x', summary: 'Kept' })
    expect(bad.status).toBe(400)
    expect(bad.body!.result!.initialValue!.summary).toBe('Kept')
    vi.spyOn(EventSeries.sequelize!, 'transaction').mockRejectedValueOnce(new Error('database went away'))
    const failed = await edit(series, { name: 'Renamed' })
    expect(failed.status).toBe(500)
    expect(failed.body!.result!.error!['']).toEqual(['series:errors.updateFailed'])
    expect(en('series:errors.updateFailed')).toBe('Failed to update series details')
    expect((await series.reload()).name).toBe('Edited badly')
  })
})

describe('the series registration form', () => {
  const path = (series: EventSeries) => `/${brand.slug}/event-series/${series.id}/registration-form`
  const save = (series: EventSeries, fields: Record<string, string>, cookie = ownerCookie) =>
    run(formAction(post(path(series), { id: series.id }, fields, cookie)))

  it('is built with the form builder and shared by every session', async () => {
    const series = await created({ registrationRequired: 'on' })
    const page = await run(formLoader(get(path(series), { id: series.id })))
    expect(page.status).toBe(200)
    const saved = await save(series, {
      'steps[0].fields[0].type': 'shortText',
      'steps[0].fields[0].label': 'Company',
      'steps[0].fields[0].required': 'on',
    })
    expect(saved).toMatchObject({ status: 302, location: path(series) })
    const form = await FormDefinition.findByPk(series.registrationFormId!)
    expect(form!.steps).toEqual([
      [expect.objectContaining({ name: 'company', type: 'shortText', label: 'Company', required: true })],
    ])
    for (const { event } of await sessionsOf(series.id))
      expect(event).toMatchObject({ registrationEnabled: true, registrationFormId: series.registrationFormId })
  })

  it('refuses an empty step (400, nothing saved), a member (403) and a series without registration (400)', async () => {
    const series = await created({ registrationRequired: 'on' })
    const empty = await save(series, { 'steps[0].addType': 'shortText' })
    expect(empty.status).toBe(400)
    expect(empty.body!.result!.error!['steps']).toEqual(['forms:errors.emptyStep'])
    expect((await FormDefinition.findByPk(series.registrationFormId!))!.steps).toEqual([])
    expect(
      (await save(series, { 'steps[0].fields[0].type': 'email', 'steps[0].fields[0].label': 'Email' }, memberCookie))
        .status,
    ).toBe(403)
    const without = await created()
    expect(
      (await save(without, { 'steps[0].fields[0].type': 'email', 'steps[0].fields[0].label': 'Email' })).status,
    ).toBe(400)
  })
})

describe('deleting a series', () => {
  const remove = (series: EventSeries, fields: Record<string, string> = { intent: 'delete' }, cookie = ownerCookie) =>
    run(pageAction(post(`/${brand.slug}/event-series/${series.id}`, { id: series.id }, fields, cookie)))

  it('archives the sessions to come, leaves a started one as a standalone event, and says so', async () => {
    const series = await created({ name: 'Deleted series' })
    const sessions = await sessionsOf(series.id)
    await sessions[0]!.room.update({ startsAt: new Date(Date.now() - 60_000) })
    const done = await remove(series)
    expect(done.location).toBe(`/${brand.slug}/event-series`)
    await expect(done.response!).toHaveFlash({ message: 'series:flash.deleted' })
    expect(await EventSeries.findByPk(series.id)).toBeNull()
    const after = await Room.findAll({
      where: { id: sessions.map(({ room }) => room.id) },
      order: [['startsAt', 'ASC']],
    })
    expect(after.map((room) => room.status)).toEqual(['active', 'archived', 'archived'])
    expect(
      await CommunityEvent.count({ where: { roomId: sessions.map(({ room }) => room.id), seriesId: series.id } }),
    ).toBe(0)
  })

  it('a bad intent is 400, a member is refused, a failure flashes "Failed to delete series"', async () => {
    const series = await created({ name: 'Kept series' })
    expect((await remove(series, { intent: 'explode' })).status).toBe(400)
    expect((await remove(series, { intent: 'delete' }, memberCookie)).status).toBe(403)
    vi.spyOn(EventSeries.sequelize!, 'transaction').mockRejectedValueOnce(new Error('database went away'))
    const failed = await remove(series)
    expect(failed.location).toBe(`/${brand.slug}/event-series/${series.id}`)
    await expect(failed.response!).toHaveFlash({ kind: 'error', message: 'series:errors.deleteFailed' })
    expect(en('series:errors.deleteFailed')).toBe('Failed to delete series')
    expect(await EventSeries.findByPk(series.id)).not.toBeNull()
  })
})

describe('the JSON API', () => {
  const body = { ...FIELDS, durationMinutes: 60, interval: 1, count: 2 }

  it('POST, GET, PUT and DELETE /api/event-series', async () => {
    const made = await apiCall(apiList.action, '/api/event-series', {
      as: owner,
      body: { ...body, brandId: brand.id, name: 'API series' },
    })
    expect(made.status).toBe(201)
    expect(made.body.series.sessions).toHaveLength(2)
    const id = made.body.series.id
    const listed = await apiCall(apiList.loader, `/api/event-series?brandId=${brand.id}`, { as: member })
    expect(listed.body.series.some((row: { id: string }) => row.id === id)).toBe(true)
    const one = await apiCall(apiOne.loader, `/api/event-series/${id}`, { as: member, params: { id } })
    expect(one.body.series).toMatchObject({
      name: 'API series',
      timeZone: 'America/New_York',
      recurrence: { frequency: 'weekly', count: 2 },
    })
    const put = await apiCall(apiOne.action, `/api/event-series/${id}`, {
      as: owner,
      method: 'PUT',
      params: { id },
      body: { ...body, name: 'API renamed', count: 3 },
    })
    expect(put.status).toBe(200)
    expect(put.body.series.sessions.map((session: { name: string }) => session.name)).toEqual([
      'API renamed — 2099-03-02',
      'API renamed — 2099-03-09',
      'API renamed — 2099-03-16',
    ])
    const gone = await apiCall(apiOne.action, `/api/event-series/${id}`, {
      as: owner,
      method: 'DELETE',
      params: { id },
    })
    expect(gone.status).toBe(204)
    expect((await apiCall(apiOne.loader, `/api/event-series/${id}`, { as: owner, params: { id } })).status).toBe(404)
  })

  it('GET /api/forms/series/{id}: the form the sessions share, null for a series that asks none, 404 for junk', async () => {
    const asks = await created({ registrationRequired: 'on' })
    await saveFormDefinition(brand.id, asks.registrationFormId, [
      [{ name: 'company', type: 'shortText', label: 'Company', required: true }],
    ])
    const form = await apiCall(apiSeriesForm.loader, `/api/forms/series/${asks.id}`, {
      as: member,
      params: { seriesId: asks.id },
    })
    expect(form.body).toEqual({
      seriesId: asks.id,
      formDefinition: expect.objectContaining({
        id: asks.registrationFormId,
        stepsFields: [[expect.objectContaining({ name: 'company' })]],
      }),
    })
    const none = await created()
    expect(
      (
        await apiCall(apiSeriesForm.loader, `/api/forms/series/${none.id}`, {
          as: member,
          params: { seriesId: none.id },
        })
      ).body,
    ).toEqual({ seriesId: none.id, formDefinition: null })
    expect(
      (await apiCall(apiSeriesForm.loader, '/api/forms/series/nope', { as: member, params: { seriesId: 'nope' } }))
        .status,
    ).toBe(404)
    expect(
      (await apiCall(apiSeriesForm.loader, `/api/forms/series/${asks.id}`, { params: { seriesId: asks.id } })).status,
    ).toBe(401)
  })

  it('answers bad input, refusals and failures with their messages', async () => {
    const short = await apiCall(apiList.action, '/api/event-series', {
      as: owner,
      body: { ...body, brandId: brand.id, name: 'a' },
    })
    expect(short).toMatchObject({ status: 400, body: { error: 'nameTooShort' } })
    for (const junk of [
      { name: 5 },
      { weekdays: 'MO' },
      { timeZone: 'x'.repeat(100) },
      { registrationRequired: 'yes' },
      { count: '3' },
    ]) {
      const answer = await apiCall(apiList.action, '/api/event-series', {
        as: owner,
        body: { ...body, brandId: brand.id, ...junk },
      })
      expect(answer.status).toBe(400)
      expect(answer.body.message).not.toMatch(/^series:/)
    }
    const refused = await apiCall(apiList.action, '/api/event-series', {
      as: member,
      body: { ...body, brandId: brand.id },
    })
    expect(refused).toMatchObject({
      status: 403,
      body: { error: 'noPermission', message: 'You do not have permission to create event series in this community.' },
    })
    vi.spyOn(EventSeries.sequelize!, 'transaction').mockRejectedValueOnce(new Error('database went away'))
    const failed = await apiCall(apiList.action, '/api/event-series', {
      as: owner,
      body: { ...body, brandId: brand.id, name: 'API doomed' },
    })
    expect(failed).toMatchObject({
      status: 500,
      body: { error: 'createFailed', message: 'Failed to create new Series!' },
    })
  })
})
