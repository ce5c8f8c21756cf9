// Carrying a multi-step form's answers between its pages (browser-safe, pure).
import { answerFields, type FormField, type FormSteps } from '../forms/form-definition'

/** What conform shows in a step's inputs: strings (a ticked box "on"), lists for multiple choice. */
export function formDefaults(fields: FormField[], values: Record<string, unknown>): Record<string, string | string[]> {
  const defaults: Record<string, string | string[]> = {}
  for (const field of fields) {
    const value = values[field.name]
    if (value === undefined || value === null || value === '') continue
    if (field.type === 'toggle') {
      if (value === true) defaults[field.name] = 'on'
    } else if (Array.isArray(value)) defaults[field.name] = value.map(String)
    else defaults[field.name] = String(value)
  }
  return defaults
}

/**
 * The answers kept when a step is posted again: every other step's, without this step's old ones
 * (an optional field emptied now must not keep its earlier answer).
 */
export function stepAnswers(values: Record<string, unknown>, steps: FormSteps, step: number): Record<string, unknown> {
  const mine = new Set(answerFields([steps[step] ?? []]).map((field) => field.name))
  return Object.fromEntries(Object.entries(values).filter(([name]) => !mine.has(name)))
}
