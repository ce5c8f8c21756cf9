// A community's form definitions (a formDefinition with its steps of fields): read one as
// FormSteps, save one. Always within one brand: a definition id from another community reads as
// none and is never written, so a pointer can never reach across communities.
import type { Transaction } from 'sequelize'
import { FormDefinition } from '#models/index'
import { readSteps, type FormSteps } from './form-definition'

/** The community's definition by id, or null (none, or another community's). */
export async function findFormDefinition(
  brandId: string,
  id: string | null | undefined,
  transaction?: Transaction,
): Promise<FormDefinition | null> {
  if (!id) return null
  return FormDefinition.findOne({ where: { id, brandId }, transaction })
}

/** A definition's steps, read defensively (readSteps); null when the community has no such form. */
export async function readFormSteps(
  brandId: string,
  id: string | null | undefined,
  transaction?: Transaction,
): Promise<FormSteps | null> {
  const definition = await findFormDefinition(brandId, id, transaction)
  return definition ? readSteps(definition.steps) : null
}

/**
 * Saves a definition for a community: the row `id` names when it is the community's (its answers
 * keep pointing at it, and the field names they are stored under are kept by the builder), a new
 * row otherwise. Returns the row saved.
 */
export async function saveFormDefinition(
  brandId: string,
  id: string | null | undefined,
  steps: FormSteps,
  transaction?: Transaction,
): Promise<FormDefinition> {
  // The column is typed loosely (readSteps owns its shape), so the definition goes in as that type.
  const stored = steps as unknown as FormDefinition['steps']
  const existing = await findFormDefinition(brandId, id, transaction)
  if (existing) return existing.update({ steps: stored }, { transaction })
  return FormDefinition.create({ brandId, steps: stored }, { transaction })
}
