// The event editor's registration and surveys tabs (registration, registrationForm, pre-survey,
// post-survey; "A primary field must be chosen for matchmaking", "Surveys and form steps need at
// least one field"): one zod schema per tab, each
// holding form builders (app/lib/forms/form-builder.schema.ts). Browser-safe; messages are keys.
import { z } from 'zod'
import {
  addDefinitionIssues,
  builderStepsField,
  builderToSteps,
  type BuilderStep,
} from '#app/lib/forms/form-builder.schema'
import { answerFields } from '#app/lib/forms/form-definition'
import { isWebAddress } from '#app/lib/settings/community-settings.schema'

const flag = () => z.boolean({ invalid_type_error: 'events:errors.badRequest' }).default(false)
const fieldChoice = () => z.string().max(64, 'forms:builder.errors.matchFieldUnknown').optional()
const issue = (context: z.RefinementCtx, path: (string | number)[], message: string) =>
  context.addIssue({ code: z.ZodIssueCode.custom, path, message })

// ── registration ────────────────────────────────────────────────────────────────────────────────

export const EventRegistrationObject = z.object({
  registrationEnabled: flag(),
  /** On: a registration waits as pending until someone who manages events approves it. */
  registrationModeration: flag(),
  /** On: people answer the registration form when they register. */
  formEnabled: flag(),
  steps: builderStepsField(),
  /** Sort people into breakouts by their answers (by the primary, then the secondary field). */
  matchSort: flag(),
  matchPrimaryField: fieldChoice(),
  matchSecondaryField: fieldChoice(),
})

/**
 * The builder's checks when the form is on; matchmaking needs the form's answer field to sort by
 * (a primary one), and a secondary one, if any, that is another of them.
 */
export const EventRegistrationSchema = EventRegistrationObject.superRefine((values, context) => {
  const steps = builderToSteps(values.steps)
  if (values.formEnabled) addDefinitionIssues(steps, ['steps'], context)
  if (!values.matchSort) return
  const answers = new Set(values.formEnabled ? answerFields(steps).map((field) => field.name) : [])
  const primary = values.matchPrimaryField
  const secondary = values.matchSecondaryField
  if (!primary) issue(context, ['matchPrimaryField'], 'forms:builder.errors.primaryRequired')
  else if (!answers.has(primary)) issue(context, ['matchPrimaryField'], 'forms:builder.errors.matchFieldUnknown')
  if (secondary && (secondary === primary || !answers.has(secondary)))
    issue(context, ['matchSecondaryField'], 'forms:builder.errors.matchFieldUnknown')
}).transform((values) => ({
  registrationEnabled: values.registrationEnabled,
  registrationModeration: values.registrationModeration,
  /** The form to save, or null: the event asks no questions (its pointer is cleared). */
  form: values.formEnabled ? builderToSteps(values.steps) : null,
  matchPrimaryField: values.matchSort ? (values.matchPrimaryField ?? null) : null,
  matchSecondaryField: values.matchSort ? values.matchSecondaryField || null : null,
}))
export type EventRegistrationFields = z.input<typeof EventRegistrationObject>
export type EventRegistrationValues = z.output<typeof EventRegistrationSchema>

// ── surveys ─────────────────────────────────────────────────────────────────────────────────────

export const EventSurveysObject = z.object({
  preSurveyEnabled: flag(),
  preSteps: builderStepsField(),
  postSurveyEnabled: flag(),
  postSteps: builderStepsField(),
  /** Where people go when the event ends (the room's redirectOnEndUrl); empty: the community's default. */
  redirectOnEndUrl: z
    .string()
    .trim()
    .max(1024, 'forms:builder.errors.urlInvalid')
    .refine((value) => value === '' || isWebAddress(value), 'forms:builder.errors.urlInvalid')
    .optional(),
})

const surveyIssues = (on: boolean, steps: BuilderStep[], at: string, context: z.RefinementCtx) => {
  if (on) addDefinitionIssues(builderToSteps(steps), [at], context)
}

/** Each survey that is on needs a valid definition with a field in every step; off, it is not asked. */
export const EventSurveysSchema = EventSurveysObject.superRefine((values, context) => {
  surveyIssues(values.preSurveyEnabled, values.preSteps, 'preSteps', context)
  surveyIssues(values.postSurveyEnabled, values.postSteps, 'postSteps', context)
}).transform((values) => ({
  preSurvey: values.preSurveyEnabled ? builderToSteps(values.preSteps) : null,
  postSurvey: values.postSurveyEnabled ? builderToSteps(values.postSteps) : null,
  redirectOnEndUrl: values.redirectOnEndUrl || null,
}))
export type EventSurveysFields = z.input<typeof EventSurveysObject>
export type EventSurveysValues = z.output<typeof EventSurveysSchema>
