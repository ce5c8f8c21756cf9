import { answerFields, completeValues, type FormSteps, type FormValues } from '../forms/form-definition'

/**
 * One answer to a community's sign-up question, kept with the question as it read when answered:
 * the admins who approve the person read it even after the questions change.
 */
export type SignupAnswer = { label: string; value: FormValues[string] }

/** The answers to keep from a parsed sign-up form: every question, an unanswered optional one empty. */
export function signupAnswers(steps: FormSteps, parsed: Record<string, unknown> | undefined): SignupAnswer[] {
  const values = completeValues(steps, parsed ?? {})
  return answerFields(steps).map((field) => ({ label: field.label, value: values[field.name]! }))
}

/** Stored answers read back, dropping anything that is not one (the column is plain JSON). */
export function readSignupAnswers(stored: unknown): SignupAnswer[] {
  if (!Array.isArray(stored)) return []
  return stored.filter(
    (answer): answer is SignupAnswer =>
      typeof answer === 'object' && answer !== null && typeof (answer as SignupAnswer).label === 'string',
  )
}
