// The JSON API's form-definition calls (docs/api.md#forms: GET /forms/{id}/definition,
// /forms/field-definitions, /forms/{id}/submissions, /forms/series/{seriesId}). A definition is read by whoever enters its
// community (the pages that ask its questions are theirs); its answers only by those who manage
// the community's events (create-events), who built the forms. Submitting answers is not here.
import { EventSeries, FormDefinition, FormSubmission, User } from '#models/index'
import { inCommunity, readQuery, refuse, type ApiArgs } from '../http/api.server'
import { requireCommunityPage, requireCommunityPermission, requireUser } from '../http/guards.server'
import { MANAGE_EVENTS } from '../events/events.server'
import {
  CHOICE_TYPES,
  FIELD_TYPES,
  FORM_LIMITS,
  TEXT_TYPES,
  answerFields,
  isCompleteSubmission,
  readSteps,
  type FieldType,
} from '../forms/form-definition'
import { findFormDefinition } from '../forms/forms.server'
import { FormDefinitionId, SubmissionsQuery } from './form-definitions-api.schema'

/** Submissions answered a page at a time. */
export const SUBMISSIONS_PER_PAGE = 50

async function definitionIn(args: ApiArgs) {
  const id = FormDefinitionId.safeParse(args.params.id)
  const definition = id.success ? await FormDefinition.findByPk(id.data) : null
  if (!definition) throw refuse(404, 'api:errors.notFound')
  return definition
}

const shown = (definition: FormDefinition) => ({
  id: definition.id,
  brandId: definition.brandId,
  stepsFields: readSteps(definition.steps),
  updatedAt: definition.updatedAt,
})

/** GET /forms/{id}/definition: its steps of fields (stepsFields, each an array of fields with a name). */
export async function formDefinitionCall(args: ApiArgs) {
  await requireUser(args)
  const definition = await definitionIn(args)
  await requireCommunityPage(await inCommunity(args, definition.brandId), 'events')
  return { formDefinition: shown(definition) }
}

/** GET /forms/series/{seriesId}: the registration form a series' sessions share, or null when it asks none; for those who see the series. */
export async function seriesFormCall(args: ApiArgs) {
  await requireUser(args)
  const id = FormDefinitionId.safeParse(args.params.seriesId)
  const series = id.success ? await EventSeries.findByPk(id.data) : null
  if (!series) throw refuse(404, 'api:errors.notFound')
  await requireCommunityPage(await inCommunity(args, series.brandId), 'eventSeries')
  const definition = series.registrationRequired
    ? await findFormDefinition(series.brandId, series.registrationFormId)
    : null
  return { seriesId: series.id, formDefinition: definition ? shown(definition) : null }
}

/** What a field of one type takes and answers with: for clients that build or show forms. */
function fieldDefinition(type: FieldType) {
  const limits = TEXT_TYPES.has(type) ? 'length' : type === 'number' ? 'value' : type === 'rating' ? 'scale' : null
  const answer =
    type === 'toggle'
      ? 'boolean'
      : type === 'multipleChoice'
        ? 'string[]'
        : type === 'rating' || type === 'number'
          ? 'number'
          : type === 'displayText'
            ? null
            : 'string'
  return { type, options: CHOICE_TYPES.has(type), limits, text: type === 'displayText', answer }
}

/** GET /forms/field-definitions: the product's 13 field types in the field adder's order, and the builder's limits. */
export async function fieldDefinitionsCall(args: ApiArgs) {
  await requireUser(args)
  return { fieldDefinitions: FIELD_TYPES.map(fieldDefinition), limits: FORM_LIMITS }
}

/** GET /forms/{id}/submissions: the answers, newest first, with who gave them and whether they are complete. */
export async function formSubmissionsCall(args: ApiArgs) {
  await requireUser(args)
  const definition = await definitionIn(args)
  await requireCommunityPermission(await inCommunity(args, definition.brandId), MANAGE_EVENTS)
  const { page = 0 } = readQuery(args.request, SubmissionsQuery)
  const steps = readSteps(definition.steps)
  const { rows, count } = await FormSubmission.findAndCountAll({
    where: { formDefinitionId: definition.id },
    order: [
      ['createdAt', 'DESC'],
      ['id', 'ASC'],
    ],
    limit: SUBMISSIONS_PER_PAGE,
    offset: page * SUBMISSIONS_PER_PAGE,
  })
  const users = await User.findAll({
    attributes: ['id', 'name', 'emailAddress'],
    where: { id: rows.map((row) => row.userId) },
  })
  const byId = new Map(users.map((user) => [user.id, user]))
  return {
    fields: answerFields(steps).map(({ name, type, label }) => ({ name, type, label })),
    submissions: rows.map((row) => {
      const user = byId.get(row.userId)
      const values = (row.values ?? {}) as Record<string, never>
      return {
        id: row.id,
        user: user ? { id: user.id, name: user.name, emailAddress: user.emailAddress } : null,
        values,
        complete: isCompleteSubmission(steps, values),
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
      }
    }),
    total: count,
    page,
    perPage: SUBMISSIONS_PER_PAGE,
  }
}
