// The event's breakout plan on the meeting page: its hosts get the predefined
// groups as user ids, the approved registrations' answers to the primary field and the breakout
// size; a participant, or a room that is no event, gets none.
import { beforeAll, describe, expect, it } from 'vitest'
import { CommunityEvent, EventRegistration, FormDefinition, FormSubmission, type Brand, type User } from '#models/index'
import type { FormSteps } from '#app/lib/forms/form-definition'
import { eventBreakoutPlan } from '#app/lib/events/breakout-plan.server'
import { loader } from '#app/routes/$brand.$room/route'
import { grantRole, makeCommunity, makeEventRoom, makeRoom, makeUser } from '#tests/support/factories'
import { routeArgs } from '#tests/support/route-args'
import { signedInCookie, unwrap } from '#tests/support/session'

const asSteps = (steps: FormSteps) => steps as unknown as FormDefinition['steps']

let brand: Brand
let owner: User

beforeAll(async () => {
  ;({ brand, owner } = await makeCommunity())
})

async function eventWithAnswers() {
  const room = await makeEventRoom(brand, { hostId: owner.id })
  const form = await FormDefinition.create({
    brandId: brand.id,
    steps: asSteps([
      [
        { name: 'team', type: 'shortText', label: 'Team', required: true },
        { name: 'topics', type: 'multipleChoice', label: 'Topics', required: false, options: ['Art', 'Code'] },
      ],
    ]),
  })
  const [ada, bob, cy, dee] = await Promise.all(['Ada', 'Bob', 'Cy', 'Dee'].map((name) => makeUser({ name })))
  await CommunityEvent.create({
    roomId: room.id,
    registrationFormId: form.id,
    matchPrimaryField: 'team',
    breakoutSize: 3,
    predefinedGroups: [
      [ada!.emailAddress!, 'nobody@nowhere.test', dee!.emailAddress!],
      ['nobody-else@nowhere.test', 'ghost@nowhere.test'],
    ],
  })
  const answer = async (user: User, values: Record<string, unknown>, status: 'approved' | 'pending' = 'approved') => {
    const submission = await FormSubmission.create({ formDefinitionId: form.id, userId: user.id, values })
    await EventRegistration.create({ roomId: room.id, userId: user.id, status, submissionId: submission.id })
  }
  await answer(ada!, { team: 'Blue', topics: ['Code', 'Art'] })
  await answer(bob!, { team: 'Red' })
  await answer(cy!, { team: 'Blue' }, 'pending')
  return { room, form, ada: ada!, bob: bob!, cy: cy!, dee: dee! }
}

describe('the event breakout plan', () => {
  it('turns the groups into user ids and keeps the approved answers to the primary field', async () => {
    const { room, ada, bob, dee } = await eventWithAnswers()
    expect(await eventBreakoutPlan(room.id)).toEqual({
      size: 3,
      groups: [[ada.id, dee.id]],
      answers: { [ada.id]: 'Blue', [bob.id]: 'Red' },
      secondaryAnswers: {},
    })
    // Sorting by a multiple-choice field: the choices as one answer, in order.
    await CommunityEvent.update({ matchPrimaryField: 'topics', breakoutSize: null }, { where: { roomId: room.id } })
    expect(await eventBreakoutPlan(room.id)).toEqual({
      size: 4,
      groups: [[ada.id, dee.id]],
      answers: { [ada.id]: 'Art, Code' },
      secondaryAnswers: {},
    })
    // With a secondary field, its answers come too.
    await CommunityEvent.update(
      { matchPrimaryField: 'team', matchSecondaryField: 'topics' },
      { where: { roomId: room.id } },
    )
    expect(await eventBreakoutPlan(room.id)).toMatchObject({
      answers: { [ada.id]: 'Blue', [bob.id]: 'Red' },
      secondaryAnswers: { [ada.id]: 'Art, Code' },
    })
  })

  it('is no plan for a room that is no event', async () => {
    const room = await makeRoom(brand)
    expect(await eventBreakoutPlan(room.id)).toBeNull()
  })

  it('reaches the meeting page of the event’s host only', async () => {
    const { room, ada } = await eventWithAnswers()
    const visit = async (user: User) =>
      unwrap(
        await loader(
          routeArgs(
            `/${brand.slug}/${room.slug}`,
            { brand: brand.slug, room: room.slug },
            { headers: { Cookie: await signedInCookie(user.id) } },
          ),
        ),
      ) as Record<string, any>
    expect((await visit(owner)).breakoutPlan).toMatchObject({ size: 3, answers: { [ada.id]: 'Blue' } })
    await grantRole(ada, brand)
    const participant = await visit(ada)
    expect(participant.kind).toBe('room')
    expect(participant.breakoutPlan).toBeNull()
  })
})
