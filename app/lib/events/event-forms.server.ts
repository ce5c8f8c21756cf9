// The event editor's registration and surveys tabs on the server (registration, registrationForm,
// pre-survey, post-survey): what the tabs show, and one
// save each. A form is saved as the community's FormDefinition (app/lib/forms/forms.server.ts) and
// the event points at it; a form switched off clears the pointer and leaves the definition, so the
// answers already given to it stay readable.
import { Room, type CommunityEvent } from '#models/index'
import { emptyBuilder, stepsToBuilder } from '../forms/form-builder.schema'
import { answerFields, type FormSteps } from '../forms/form-definition'
import { readFormSteps, saveFormDefinition } from '../forms/forms.server'
import type { EditorOutcome } from './event-editor.server'
import type { EventRegistrationValues, EventSurveysValues } from './event-forms.schema'
import { eventRowToSave } from './events.server'

/** A stored form as the builder starts from it; none yet is one empty step. */
const builderOf = (steps: FormSteps | null) => (steps && steps.length ? stepsToBuilder(steps) : emptyBuilder())

/** The registration and surveys tabs' values, and the answer fields matchmaking may sort by. */
export async function eventFormsValues(room: Pick<Room, 'brandId' | 'redirectOnEndUrl'>, event: CommunityEvent) {
  const [registration, pre, post] = await Promise.all([
    readFormSteps(room.brandId, event.registrationFormId),
    readFormSteps(room.brandId, event.preSurveyFormId),
    readFormSteps(room.brandId, event.postSurveyFormId),
  ])
  return {
    registration: {
      registrationEnabled: event.registrationEnabled ? 'on' : '',
      registrationModeration: event.registrationModeration ? 'on' : '',
      formEnabled: registration ? 'on' : '',
      steps: builderOf(registration),
      matchSort: event.matchPrimaryField ? 'on' : '',
      matchPrimaryField: event.matchPrimaryField ?? '',
      matchSecondaryField: event.matchSecondaryField ?? '',
    },
    surveys: {
      preSurveyEnabled: pre ? 'on' : '',
      preSteps: builderOf(pre),
      postSurveyEnabled: post ? 'on' : '',
      postSteps: builderOf(post),
      redirectOnEndUrl: room.redirectOnEndUrl ?? '',
    },
    /** The saved registration form's answer fields: what the matchmaking choices offer. */
    matchFields: registration
      ? answerFields(registration).map((field) => ({ name: field.name, label: field.label }))
      : [],
  }
}

/** Registration: on/off, approval, the form (saved, or its pointer cleared) and the matchmaking fields. */
export async function saveRegistration(room: Room, values: EventRegistrationValues): Promise<EditorOutcome<Room>> {
  const event = await eventRowToSave(room)
  await Room.sequelize!.transaction(async (transaction) => {
    const form = values.form
      ? await saveFormDefinition(room.brandId, event.registrationFormId, values.form, transaction)
      : null
    await event.update(
      {
        registrationEnabled: values.registrationEnabled,
        registrationModeration: values.registrationModeration,
        registrationFormId: form?.id ?? null,
        matchPrimaryField: values.matchPrimaryField,
        matchSecondaryField: values.matchSecondaryField,
      },
      { transaction },
    )
  })
  return { kind: 'saved', value: room }
}

/** Surveys: each one saved or switched off, and the address people go to when the event ends. */
export async function saveSurveys(room: Room, values: EventSurveysValues): Promise<EditorOutcome<Room>> {
  const event = await eventRowToSave(room)
  await Room.sequelize!.transaction(async (transaction) => {
    const pre = values.preSurvey
      ? await saveFormDefinition(room.brandId, event.preSurveyFormId, values.preSurvey, transaction)
      : null
    const post = values.postSurvey
      ? await saveFormDefinition(room.brandId, event.postSurveyFormId, values.postSurvey, transaction)
      : null
    await event.update({ preSurveyFormId: pre?.id ?? null, postSurveyFormId: post?.id ?? null }, { transaction })
    await room.update({ redirectOnEndUrl: values.redirectOnEndUrl }, { transaction })
  })
  return { kind: 'saved', value: room }
}
