// The Members tab's CSV downloads (exports of registrations, surveys and participants; "Nothing to
// export"): each export is a header and rows, or null when there is
// nothing to put in it (the route then says so instead of sending an empty file). The fixed
// column names are English words whatever the page's language (as the member export's), so a
// spreadsheet or the import reads them the same way; the form's questions are headed by their
// labels. Every cell goes through inertCell (no formulas).
import { stringify } from 'csv-stringify/sync'
import { Op } from 'sequelize'
import { CommunityEvent, EventRegistration, FormSubmission, MeetingPeer, MeetingRoom, type Room } from '#models/index'
import { answerFields, type FormField } from '../forms/form-definition'
import { readFormSteps } from '../forms/forms.server'
import { inertCell, type ExportKind } from './event-members-rules'
import { usersById } from './event-members.server'

export type CsvTable = { header: string[]; rows: string[][] }

/** One answer as a cell: lists joined, toggles as yes/no, nothing as empty. */
function answerCell(value: unknown): string {
  if (value === undefined || value === null) return ''
  if (Array.isArray(value)) return value.map(String).join('; ')
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** The questions of a form (display texts ask nothing), or none when the form is gone. */
async function questionsOf(room: Pick<Room, 'brandId'>, formId: string | null): Promise<FormField[]> {
  return answerFields((await readFormSteps(room.brandId, formId)) ?? [])
}

/** A submission's answers (the model's JSON column reads them as an object on every dialect). */
const valuesOf = (submission: FormSubmission | undefined): Record<string, unknown> => submission?.values ?? {}

/**
 * Registrations: the person, the status, co-host, when, when they accepted the community's terms
 * (empty where none were asked), then one column per question of the registration form.
 */
export async function registrationsTable(room: Pick<Room, 'id' | 'brandId'>): Promise<CsvTable | null> {
  const registrations = await EventRegistration.findAll({
    where: { roomId: room.id },
    order: [
      ['createdAt', 'ASC'],
      ['id', 'ASC'],
    ],
  })
  if (!registrations.length) return null
  const event = await CommunityEvent.findByPk(room.id, { attributes: ['roomId', 'registrationFormId'] })
  const questions = await questionsOf(room, event?.registrationFormId ?? null)
  const users = await usersById(registrations.map((registration) => registration.userId))
  // The answers: the submission the registration names, else this person's submission of the event's form.
  const submissionIds = registrations
    .map((registration) => registration.submissionId)
    .filter((id): id is string => Boolean(id))
  const byForm = event?.registrationFormId
    ? await FormSubmission.findAll({
        where: {
          formDefinitionId: event.registrationFormId,
          userId: registrations.map((registration) => registration.userId),
        },
      })
    : []
  const byId = submissionIds.length ? await FormSubmission.findAll({ where: { id: submissionIds } }) : []
  const submissionOf = (registration: EventRegistration) =>
    byId.find((submission) => submission.id === registration.submissionId) ??
    byForm.find((submission) => submission.userId === registration.userId)
  return {
    header: [
      'name',
      'email',
      'phone',
      'status',
      'coHost',
      'registeredAt',
      'termsAcceptedAt',
      ...questions.map((question) => question.label || question.name),
    ],
    rows: registrations.map((registration) => {
      const user = users.get(registration.userId)
      const values = valuesOf(submissionOf(registration))
      return [
        user?.name ?? '',
        user?.emailAddress ?? '',
        user?.phoneNumber ?? '',
        registration.status,
        registration.coHost ? 'yes' : 'no',
        registration.createdAt.toISOString(),
        registration.termsAcceptedAt?.toISOString() ?? '',
        ...questions.map((question) => answerCell(values[question.name])),
      ]
    }),
  }
}

/** A survey's answers (pre or post: one file each, as their questions differ): the person, when, then one column per question. */
export async function surveyTable(room: Pick<Room, 'id' | 'brandId'>, which: 'pre' | 'post'): Promise<CsvTable | null> {
  const event = await CommunityEvent.findByPk(room.id, {
    attributes: ['roomId', 'preSurveyFormId', 'postSurveyFormId'],
  })
  const formId = which === 'pre' ? event?.preSurveyFormId : event?.postSurveyFormId
  if (!formId) return null
  const submissions = await FormSubmission.findAll({
    where: { formDefinitionId: formId },
    order: [
      ['createdAt', 'ASC'],
      ['id', 'ASC'],
    ],
  })
  if (!submissions.length) return null
  const questions = await questionsOf(room, formId)
  const users = await usersById(submissions.map((submission) => submission.userId))
  return {
    header: ['name', 'email', 'submittedAt', ...questions.map((question) => question.label || question.name)],
    rows: submissions.map((submission) => {
      const user = users.get(submission.userId)
      const values = valuesOf(submission)
      return [
        user?.name ?? '',
        user?.emailAddress ?? '',
        submission.createdAt.toISOString(),
        ...questions.map((question) => answerCell(values[question.name])),
      ]
    }),
  }
}

/** An event participant: the person, joined, left, and an entry per breakout room they were assigned to. */
export type EventParticipant = {
  /** Their first presence's id (a meeting peer): the participant's id in the JSON API. */
  id: string
  eventId: string
  user: { id: string; name: string; emailAddress: string | null }
  joinedDateTime: string
  /** Empty while they are still in. */
  leftDateTime: string | null
  activities: Array<{ action: 'Breakout Room Assignment'; roomName: string; dateTime: string }>
}

/**
 * The event's participants from the meeting rows the media edge keeps: every meeting of the event
 * room and the breakout rooms under them, one entry a person (or only `userId`), first join to
 * last leave, the breakouts in the order they were entered.
 */
export async function eventParticipants(room: Pick<Room, 'id'>, userId?: string): Promise<EventParticipant[]> {
  const mains = await MeetingRoom.findAll({ where: { roomId: room.id }, attributes: ['id', 'type', 'name'] })
  if (!mains.length) return []
  const breakouts = await MeetingRoom.findAll({
    where: { parentId: mains.map((meeting) => meeting.id), id: { [Op.notIn]: mains.map((meeting) => meeting.id) } },
    attributes: ['id', 'type', 'name'],
  })
  const meetings = new Map([...mains, ...breakouts].map((meeting) => [meeting.id, meeting]))
  const peers = await MeetingPeer.findAll({
    where: { meetingRoomId: [...meetings.keys()], ...(userId ? { userId } : {}) },
    order: [
      ['joinedAt', 'ASC'],
      ['id', 'ASC'],
    ],
  })
  const users = await usersById(peers.map((peer) => peer.userId))
  const people = new Map<string, EventParticipant & { stillIn: boolean }>()
  for (const peer of peers) {
    const user = users.get(peer.userId)
    let person = people.get(peer.userId)
    if (!person) {
      person = {
        id: peer.id,
        eventId: room.id,
        user: {
          id: peer.userId,
          name: user?.name ?? peer.userMeta?.name ?? '',
          emailAddress: user?.emailAddress ?? null,
        },
        joinedDateTime: peer.joinedAt.toISOString(),
        leftDateTime: null,
        activities: [],
        stillIn: false,
      }
      people.set(peer.userId, person)
    }
    if (!peer.leftAt) person.stillIn = true
    else if (!person.leftDateTime || peer.leftAt.toISOString() > person.leftDateTime)
      person.leftDateTime = peer.leftAt.toISOString()
    const meeting = meetings.get(peer.meetingRoomId)
    if (meeting?.type === 'breakout') {
      const roomName = meeting.name || meeting.id
      if (!person.activities.some((activity) => activity.roomName === roomName)) {
        person.activities.push({ action: 'Breakout Room Assignment', roomName, dateTime: peer.joinedAt.toISOString() })
      }
    }
  }
  return [...people.values()].map(({ stillIn, ...person }) => ({
    ...person,
    leftDateTime: stillIn ? null : person.leftDateTime,
  }))
}

/** Participants as a file: name, email, first join, last leave (empty while still in), breakout rooms. */
export async function participantsTable(room: Pick<Room, 'id'>): Promise<CsvTable | null> {
  const participants = await eventParticipants(room)
  if (!participants.length) return null
  return {
    header: ['name', 'email', 'joinedAt', 'leftAt', 'breakoutRooms'],
    rows: participants.map((person) => [
      person.user.name,
      person.user.emailAddress ?? '',
      person.joinedDateTime,
      person.leftDateTime ?? '',
      person.activities.map((activity) => activity.roomName).join('; '),
    ]),
  }
}

export function exportTable(room: Pick<Room, 'id' | 'brandId'>, kind: ExportKind): Promise<CsvTable | null> {
  switch (kind) {
    case 'registrations':
      return registrationsTable(room)
    case 'pre-survey':
      return surveyTable(room, 'pre')
    case 'post-survey':
      return surveyTable(room, 'post')
    case 'participants':
      return participantsTable(room)
  }
}

/** The table as a CSV file (a BOM so spreadsheets read UTF-8), every cell made inert. */
export function csvText(table: CsvTable): string {
  // The header as the first record, not `columns`: two questions may share a label.
  return stringify(
    [table.header, ...table.rows].map((row) => row.map(inertCell)),
    { bom: true },
  )
}
