// The form builder's post (a field adder; "Surveys and form steps need at least one field"): what
// the builder's inputs send, read back into FormSteps,
// with definitionProblems' findings placed on the inputs they concern. Browser-safe: the editor tabs'
// schemas embed it and the pages read their constraints from it.
//
// The builder posts its whole definition on every button. Its list buttons (remove, move, add or
// remove a step) are conform list intents; "Add field" is a plain submit button beside a select of
// the field type, which `withBuilderIntent` turns into conform's insert on the server, so the field
// adder works without JavaScript and, with it, conform applies the same insert on the page.
import { z } from 'zod'
import {
  CHOICE_TYPES,
  FIELD_TYPES,
  FORM_LIMITS,
  TEXT_TYPES,
  definitionProblems,
  fieldNameFor,
  type DefinitionProblem,
  type FieldType,
  type FormField,
  type FormSteps,
} from './form-definition'

/** A field's stored name: what fieldNameFor makes (and the 64 characters the events' match columns hold). */
const FIELD_NAME = /^[a-z0-9_]{1,64}$/
/** No bound a form needs comes near this; it keeps numbers sane to store and show. */
const LIMIT_MAGNITUDE = 1_000_000_000

const limit = () =>
  z
    .number({ invalid_type_error: 'forms:errors.limitsInvalid' })
    .finite('forms:errors.limitsInvalid')
    .min(-LIMIT_MAGNITUDE, 'forms:errors.limitsInvalid')
    .max(LIMIT_MAGNITUDE, 'forms:errors.limitsInvalid')
    .optional()

export const BuilderFieldSchema = z.object({
  /** Empty for a field not saved yet: it is named from its label when the form is saved, then kept. */
  name: z.string().regex(FIELD_NAME, 'forms:builder.errors.badRequest').optional(),
  type: z.enum(FIELD_TYPES, { errorMap: () => ({ message: 'forms:errors.typeUnknown' }) }),
  label: z.string().optional(),
  required: z.boolean({ invalid_type_error: 'forms:builder.errors.badRequest' }).default(false),
  /** Dropdown and multiple choice: one option a line. */
  options: z.string().optional(),
  min: limit(),
  max: limit(),
  /** Display text: what it shows. */
  text: z.string().optional(),
})
export type BuilderField = z.output<typeof BuilderFieldSchema>

export const BuilderStepSchema = z.object({
  fields: z.array(BuilderFieldSchema).default([]),
  /** The field adder's select: the type "Add field" adds (read by withBuilderIntent, never saved). */
  addType: z.string().optional(),
})
export type BuilderStep = z.output<typeof BuilderStepSchema>

/** A builder's steps as a schema field; the editor tabs hold one (registration) or two (surveys). */
export const builderStepsField = () => z.array(BuilderStepSchema).default([])

/** The builder's inputs as conform posts them: strings, and booleans as a ticked box ("on"). */
export type BuilderFieldInput = {
  name?: string
  type?: string
  label?: string
  required?: string | boolean
  options?: string
  min?: string | number
  max?: string | number
  text?: string
}
export type BuilderStepInput = { fields?: BuilderFieldInput[]; addType?: string }

/** The button beside the type select: its value names the step ("steps[0]") the field goes into. */
export const BUILDER_ADD = 'builderAdd'
/** What the field adder offers first. */
export const DEFAULT_ADD_TYPE: FieldType = 'shortText'

function isFieldType(value: unknown): value is FieldType {
  return typeof value === 'string' && (FIELD_TYPES as readonly string[]).includes(value)
}

/** A new field of a type as the builder shows it: unnamed and empty, with the defaults its type needs (a rating's scale). */
export function newBuilderField(type: FieldType): BuilderFieldInput {
  return type === 'rating' ? { type, max: String(FORM_LIMITS.ratingScale) } : { type }
}

/**
 * "Add field" without JavaScript: the post names a step (`builderAdd=steps[0]`) and carries that
 * step's type select (`steps[0].addType`); this turns them into conform's insert of a new field of
 * that type, so parseWithZod answers with the form one field longer and nothing is saved. Only the
 * page's own builders (`lists`, e.g. ['steps']) are reached; a step or type that is not one becomes
 * a validate intent: the form comes back as it was.
 */
export function withBuilderIntent(form: FormData, lists: readonly string[]): FormData {
  const target = form.get(BUILDER_ADD)
  if (target === null) return form
  form.delete(BUILDER_ADD)
  const match = typeof target === 'string' ? /^([A-Za-z]{1,32})\[(\d{1,2})\]$/.exec(target) : null
  const step = match && lists.includes(match[1]!) ? target : null
  const type = step ? form.get(`${step}.addType`) : null
  const intent =
    step && isFieldType(type)
      ? { type: 'insert', payload: { name: `${step}.fields`, defaultValue: newBuilderField(type) } }
      : { type: 'validate', payload: {} }
  form.set('__intent__', JSON.stringify(intent))
  return form
}

const lines = (text: string | undefined) =>
  (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)

/** The name a new field takes: from its label (display text from its words, else its type). */
function nameSource(field: BuilderField): string {
  const label = field.label?.trim()
  if (label) return label
  if (field.type === 'displayText') return field.text?.trim().split(/\s+/).slice(0, 4).join(' ') || 'text'
  return field.type
}

/**
 * The posted builder as a definition: each field with only what its type uses, options one a line,
 * and a name for every field not saved yet, made from its label and unique in the form. The same
 * post always gives the same names, so the schema's checks and the save agree.
 */
export function builderToSteps(steps: BuilderStep[]): FormSteps {
  const taken = new Set(steps.flatMap((step) => step.fields.map((field) => field.name ?? '')).filter(Boolean))
  return steps.map((step) =>
    step.fields.map((field): FormField => {
      let name = field.name
      if (!name) {
        name = fieldNameFor(nameSource(field), taken)
        taken.add(name)
      }
      // An email field must be required (it is how the answer is verified); display text asks nothing.
      const required = field.type === 'email' ? true : field.type === 'displayText' ? false : field.required
      const out: FormField = { name, type: field.type, label: field.label?.trim() ?? '', required }
      if (CHOICE_TYPES.has(field.type)) out.options = lines(field.options)
      if (TEXT_TYPES.has(field.type) || field.type === 'number') {
        if (field.min !== undefined) out.min = field.min
        if (field.max !== undefined) out.max = field.max
      }
      if (field.type === 'rating') out.max = field.max ?? FORM_LIMITS.ratingScale
      if (field.type === 'displayText') out.text = field.text?.trim() ?? ''
      return out
    }),
  )
}

/** A stored definition as the builder's inputs (what the page starts from). */
export function stepsToBuilder(steps: FormSteps): BuilderStepInput[] {
  return steps.map((step) => ({
    addType: DEFAULT_ADD_TYPE,
    fields: step.map((field) => {
      const input: BuilderFieldInput = {
        name: field.name,
        type: field.type,
        label: field.label,
        required: field.required ? 'on' : '',
      }
      if (field.options) input.options = field.options.join('\n')
      if (field.min !== undefined) input.min = String(field.min)
      if (field.max !== undefined) input.max = String(field.max)
      if (field.text !== undefined) input.text = field.text
      return input
    }),
  }))
}

/** Where a problem is shown: on the input it concerns (the label, the options, the text, the maximum). */
const PROBLEM_INPUT: Partial<Record<DefinitionProblem, string>> = {
  'forms:errors.labelRequired': 'label',
  'forms:errors.labelTooLong': 'label',
  'forms:errors.duplicateName': 'label',
  'forms:errors.optionsRequired': 'options',
  'forms:errors.optionTooLong': 'options',
  'forms:errors.tooManyOptions': 'options',
  'forms:errors.textRequired': 'text',
  'forms:errors.textTooLong': 'text',
  'forms:errors.limitsInvalid': 'max',
}

/** A length's minimum that is fine on its own (none, or a whole number from 0): else the problem is the minimum's, not the pair's. */
const wholeOrNone = (field: FormField | undefined) =>
  !field || field.type === 'number' || field.min === undefined || (Number.isInteger(field.min) && field.min >= 0)

/**
 * definitionProblems' findings as zod issues under the builder's list (`at`, e.g. ['steps']): a
 * field's next to its input, a step's on the step's field list, the whole form's (an empty step:
 * "Please add at least one field to each step") on the builder itself.
 */
export function addDefinitionIssues(steps: FormSteps, at: (string | number)[], context: z.RefinementCtx) {
  for (const { path, problem } of definitionProblems(steps)) {
    const [step, field] = path === 'form' ? [] : path.split('.').map(Number)
    const input =
      problem === 'forms:errors.limitsInvalid' && !wholeOrNone(steps[step!]?.[field!]) ? 'min' : PROBLEM_INPUT[problem]
    const where =
      step === undefined
        ? at
        : field === undefined
          ? [...at, step, 'fields']
          : [...at, step, 'fields', field, ...(input ? [input] : [])]
    context.addIssue({ code: z.ZodIssueCode.custom, path: where, message: problem })
  }
}

/** An empty builder for a form not made yet: one step, ready for its first field. */
export const emptyBuilder = (): BuilderStepInput[] => [{ fields: [], addType: DEFAULT_ADD_TYPE }]
