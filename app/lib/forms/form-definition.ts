// Forms built by admins (a formDefinition holds stepsFields, each an array of fields with a name; a
// formSubmission holds values; the field types; "Surveys and form steps need at least one field",
// "Form fields: required, maximum length {max}, minimum length {min}"; a registration submission
// counts as complete only when its values cover exactly the defined step fields). Browser-safe: the
// builder, the pages that show a form and the server that checks the answers read the same
// definition and the same rules. Every message is a translation key; the ones about lengths are
// shown with the field's own {min} and {max}.
import { z } from 'zod'

/** The field types, in the order the field adder offers them. */
export const FIELD_TYPES = [
  'fullName',
  'email',
  'mobilePhone',
  'webAddress',
  'toggle',
  'shortText',
  'longText',
  'dropdown',
  'multipleChoice',
  'rating',
  'number',
  'date',
  'displayText',
] as const
export type FieldType = (typeof FIELD_TYPES)[number]

/** Types whose field offers a list of options to choose from. */
export const CHOICE_TYPES: ReadonlySet<FieldType> = new Set(['dropdown', 'multipleChoice'])
/** Types whose min and max are lengths (of text); for number they bound the value, for rating max is the scale. */
export const TEXT_TYPES: ReadonlySet<FieldType> = new Set(['fullName', 'shortText', 'longText'])

export const FORM_LIMITS = {
  steps: 10,
  fieldsPerStep: 30,
  labelMax: 200,
  displayTextMax: 2000,
  options: 30,
  optionMax: 100,
  shortTextMax: 255,
  longTextMax: 5000,
  ratingScale: 5,
  ratingScaleMax: 10,
} as const

export type FormField = {
  /** The key the answer is stored under: unique within the form, kept when the label changes. */
  name: string
  type: FieldType
  label: string
  required: boolean
  /** dropdown and multipleChoice: what may be chosen. */
  options?: string[]
  /** Text types: the least and most characters; number: the least and most value; rating: max is the scale. */
  min?: number
  max?: number
  /** displayText: the text shown (no answer is asked for). */
  text?: string
}

/** A form is its steps, each a list of fields (a one-page form has one step). */
export type FormSteps = FormField[][]

/** A submission's values: the answer of each field by name (multiple choice is a list; a toggle is a boolean). */
export type FormValues = Record<string, string | number | boolean | string[]>

/** The fields that ask for an answer (display text only shows). */
export function answerFields(steps: FormSteps): FormField[] {
  return steps.flat().filter((field) => field.type !== 'displayText')
}

/** A field's name made from its label, unique among `taken` ("Your company" → "your_company", then "your_company_2"). */
export function fieldNameFor(label: string, taken: ReadonlySet<string>): string {
  const base =
    label
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 48) || 'field'
  let name = base
  for (let n = 2; taken.has(name); n += 1) name = `${base}_${n}`
  return name
}

export type DefinitionProblem =
  | 'forms:errors.emptyStep'
  | 'forms:errors.tooManySteps'
  | 'forms:errors.tooManyFields'
  | 'forms:errors.labelRequired'
  | 'forms:errors.labelTooLong'
  | 'forms:errors.optionsRequired'
  | 'forms:errors.optionTooLong'
  | 'forms:errors.tooManyOptions'
  | 'forms:errors.textRequired'
  | 'forms:errors.textTooLong'
  | 'forms:errors.limitsInvalid'
  | 'forms:errors.duplicateName'
  | 'forms:errors.typeUnknown'

/**
 * What is wrong with a definition an admin built, field by field (`step.field` paths, and `form`
 * for the whole): the builder shows these next to the fields, and nothing is saved while any remain.
 */
export function definitionProblems(steps: FormSteps): Array<{ path: string; problem: DefinitionProblem }> {
  const problems: Array<{ path: string; problem: DefinitionProblem }> = []
  if (steps.length === 0 || steps.some((step) => step.length === 0))
    problems.push({ path: 'form', problem: 'forms:errors.emptyStep' })
  if (steps.length > FORM_LIMITS.steps) problems.push({ path: 'form', problem: 'forms:errors.tooManySteps' })
  const names = new Set<string>()
  steps.forEach((step, s) => {
    if (step.length > FORM_LIMITS.fieldsPerStep) problems.push({ path: `${s}`, problem: 'forms:errors.tooManyFields' })
    step.forEach((field, f) => {
      const at = (problem: DefinitionProblem) => problems.push({ path: `${s}.${f}`, problem })
      if (!FIELD_TYPES.includes(field.type)) return at('forms:errors.typeUnknown')
      if (names.has(field.name)) at('forms:errors.duplicateName')
      names.add(field.name)
      if (field.type === 'displayText') {
        if (!field.text?.trim()) at('forms:errors.textRequired')
        else if (field.text.length > FORM_LIMITS.displayTextMax) at('forms:errors.textTooLong')
        return
      }
      if (!field.label.trim()) at('forms:errors.labelRequired')
      else if (field.label.length > FORM_LIMITS.labelMax) at('forms:errors.labelTooLong')
      if (CHOICE_TYPES.has(field.type)) {
        const options = field.options ?? []
        if (options.length === 0) at('forms:errors.optionsRequired')
        else if (options.length > FORM_LIMITS.options) at('forms:errors.tooManyOptions')
        else if (options.some((option) => option.length > FORM_LIMITS.optionMax)) at('forms:errors.optionTooLong')
      }
      const { min, max } = field
      const whole = (value: number | undefined) => value === undefined || (Number.isInteger(value) && value >= 0)
      if (field.type !== 'number' && (!whole(min) || !whole(max))) at('forms:errors.limitsInvalid')
      else if (min !== undefined && max !== undefined && min > max) at('forms:errors.limitsInvalid')
      else if (field.type === 'rating' && max !== undefined && (max < 2 || max > FORM_LIMITS.ratingScaleMax))
        at('forms:errors.limitsInvalid')
    })
  })
  return problems
}

/**
 * Reads a stored definition defensively (the JSON column may hold anything an older version
 * wrote): what is not a list of lists of fields reads as no steps.
 */
export function readSteps(stored: unknown): FormSteps {
  if (!Array.isArray(stored)) return []
  return stored
    .filter(Array.isArray)
    .map((step: unknown[]) =>
      step
        .filter(
          (field): field is FormField =>
            typeof field === 'object' &&
            field !== null &&
            typeof (field as FormField).name === 'string' &&
            FIELD_TYPES.includes((field as FormField).type),
        )
        .map((field) => ({ ...field, label: String(field.label ?? ''), required: field.required === true })),
    )
}

/** Complete only when the values answer exactly the fields of the steps, no more and no fewer. */
export function isCompleteSubmission(steps: FormSteps, values: FormValues): boolean {
  const expected = answerFields(steps).map((field) => field.name)
  const given = Object.keys(values)
  return given.length === expected.length && expected.every((name) => Object.hasOwn(values, name))
}

const TRIMMED = (value: unknown) => (typeof value === 'string' ? value.trim() : value)

/** Digits with an optional leading + (the sign-in rules normalise it further when a code is sent). */
const PHONE = /^\+?[0-9][0-9 ()-]{5,19}$/

function isHttpAddress(value: string): boolean {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.')
  } catch {
    return false
  }
}

/** One field's answer: absent when optional and left empty; otherwise checked against its type and limits. */
function answerSchema(field: FormField): z.ZodTypeAny {
  const required = 'forms:errors.required'
  const text = (longest: number) => {
    let schema = z.string({ required_error: required }).trim().min(1, required)
    schema = schema
      .min(field.min ?? 1, 'forms:errors.minLength')
      .max(Math.min(field.max ?? longest, longest), 'forms:errors.maxLength')
    return schema
  }
  const optional = (schema: z.ZodTypeAny) =>
    field.required ? schema : z.preprocess((value) => (TRIMMED(value) === '' ? undefined : value), schema.optional())
  switch (field.type) {
    case 'fullName':
      return optional(
        text(FORM_LIMITS.shortTextMax).refine((value) => value.split(/\s+/).length >= 2, 'forms:errors.fullName'),
      )
    case 'shortText':
      return optional(text(FORM_LIMITS.shortTextMax))
    case 'longText':
      return optional(text(FORM_LIMITS.longTextMax))
    case 'email':
      return optional(
        z.preprocess(
          TRIMMED,
          z
            .string({ required_error: required })
            .min(1, required)
            .max(254, 'forms:errors.email')
            .email('forms:errors.email')
            .transform((value) => value.toLowerCase()),
        ),
      )
    case 'mobilePhone':
      return optional(
        z.preprocess(
          TRIMMED,
          z.string({ required_error: required }).min(1, required).regex(PHONE, 'forms:errors.phone'),
        ),
      )
    case 'webAddress':
      return optional(
        z.preprocess(
          TRIMMED,
          z
            .string({ required_error: required })
            .min(1, required)
            .max(2048, 'forms:errors.webAddress')
            .refine(isHttpAddress, 'forms:errors.webAddress'),
        ),
      )
    case 'toggle':
      // A ticked box posts "on"; an unticked one posts nothing. A required toggle must be ticked (consent).
      return z.preprocess(
        (value) => value === 'on' || value === true,
        field.required ? z.literal(true, { errorMap: () => ({ message: required }) }) : z.boolean(),
      )
    case 'dropdown':
      return optional(
        z
          .string({ required_error: required })
          .refine((value) => (field.options ?? []).includes(value), 'forms:errors.choiceInvalid'),
      )
    case 'multipleChoice': {
      const list = z.preprocess(
        (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
        z.array(z.string()),
      )
      return list
        .refine(
          (values) => values.every((value) => (field.options ?? []).includes(value)),
          'forms:errors.choiceInvalid',
        )
        .refine((values) => !field.required || values.length > 0, required)
    }
    case 'rating': {
      const scale = field.max ?? FORM_LIMITS.ratingScale
      // A rating left unchosen posts nothing: that is "Required", not a wrong choice.
      const choice = z.coerce
        .number({ invalid_type_error: 'forms:errors.choiceInvalid' })
        .int('forms:errors.choiceInvalid')
        .min(1, 'forms:errors.choiceInvalid')
        .max(scale, 'forms:errors.choiceInvalid')
      return optional(
        z.preprocess(
          (value) => (typeof value === 'number' ? String(value) : TRIMMED(value)),
          z.string({ required_error: required }).min(1, required).pipe(choice),
        ),
      )
    }
    case 'number': {
      let schema = z.coerce.number({ invalid_type_error: 'forms:errors.number' }).finite('forms:errors.number')
      if (field.min !== undefined) schema = schema.min(field.min, 'forms:errors.numberMin')
      if (field.max !== undefined) schema = schema.max(field.max, 'forms:errors.numberMax')
      return optional(z.preprocess(TRIMMED, z.string({ required_error: required }).min(1, required).pipe(schema)))
    }
    case 'date':
      return optional(
        z.preprocess(
          TRIMMED,
          z
            .string({ required_error: required })
            .min(1, required)
            .regex(/^\d{4}-\d{2}-\d{2}$/, 'forms:errors.date')
            .refine(
              (value) =>
                !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
                new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
              'forms:errors.date',
            ),
        ),
      )
    case 'displayText':
      return z.never()
  }
}

/**
 * The zod schema of a form's answers (one step, or all of them): each field under its name. Parsed
 * with conform's parseWithZod on the server, and the constraint for the page. An optional field left
 * empty parses as absent; `completeValues` stores it as an empty answer, so a saved submission
 * always covers exactly the form's fields (what isCompleteSubmission asks).
 */
export function answersSchema(steps: FormSteps, step?: number) {
  const fields = answerFields(step === undefined ? steps : [steps[step] ?? []])
  return z.object(Object.fromEntries(fields.map((field) => [field.name, answerSchema(field)])))
}

/** The values to store: every answer field present (an unanswered optional one as ''), nothing else. */
export function completeValues(steps: FormSteps, parsed: Record<string, unknown>): FormValues {
  const values: FormValues = {}
  for (const field of answerFields(steps)) {
    const value = parsed[field.name]
    values[field.name] =
      value === undefined || value === null
        ? field.type === 'multipleChoice'
          ? []
          : field.type === 'toggle'
            ? false
            : ''
        : (value as FormValues[string])
  }
  return values
}
