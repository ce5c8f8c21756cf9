// What a host's meeting page needs to fill breakout rooms from an event (breakout-sorting.ts): the
// predefined groups as user ids, the approved registrations' answers to the primary and secondary
// matchmaking fields, and the breakout size. Read when the page loads, for the event's hosts and co-hosts only.
import { CommunityEvent, EventRegistration, FormSubmission, User } from '#models/index'
import { DEFAULT_BREAKOUT_SIZE, type EventBreakoutPlan } from './breakout-sorting'
import { storedGroups } from './predefined-groups'

/** The room's event plan, or null when the room is no event. */
export async function eventBreakoutPlan(roomId: string): Promise<EventBreakoutPlan | null> {
  const event = await CommunityEvent.findByPk(roomId)
  if (!event) return null
  const groups = storedGroups(event.predefinedGroups)
  const emails = [...new Set(groups.flat())]
  const users = emails.length
    ? await User.findAll({ where: { emailAddress: emails }, attributes: ['id', 'emailAddress'] })
    : []
  const userIdOf = new Map(users.map((user) => [(user.emailAddress ?? '').toLowerCase(), user.id]))
  return {
    size: event.breakoutSize ?? DEFAULT_BREAKOUT_SIZE,
    groups: groups
      .map((group) => group.map((email) => userIdOf.get(email)).filter((userId): userId is string => Boolean(userId)))
      .filter((group) => group.length > 0),
    ...(await matchAnswers(event)),
  }
}

/** Each approved registration's answers to the primary and secondary fields, as text (several choices as one, in order). */
async function matchAnswers(event: CommunityEvent): Promise<Pick<EventBreakoutPlan, 'answers' | 'secondaryAnswers'>> {
  const none = { answers: {}, secondaryAnswers: {} }
  const primary = event.matchPrimaryField
  if (!primary || !event.registrationFormId) return none
  const registrations = await EventRegistration.findAll({
    where: { roomId: event.roomId, status: 'approved' },
    attributes: ['userId'],
  })
  if (!registrations.length) return none
  const submissions = await FormSubmission.findAll({
    where: {
      formDefinitionId: event.registrationFormId,
      userId: registrations.map((registration) => registration.userId),
    },
  })
  const answersTo = (field: string | null) => {
    const answers: Record<string, string> = {}
    if (!field) return answers
    for (const submission of submissions) {
      const text = answerText(submission.values?.[field])
      if (text) answers[submission.userId] = text
    }
    return answers
  }
  return { answers: answersTo(primary), secondaryAnswers: answersTo(event.matchSecondaryField) }
}

function answerText(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).sort().join(', ')
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value)
  return ''
}
