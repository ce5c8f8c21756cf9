// The form builder's post read back into a definition ("Surveys and form steps need at least one
// field"), and the field adder's no-JavaScript
// button turned into conform's insert.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  BUILDER_ADD,
  addDefinitionIssues,
  builderStepsField,
  builderToSteps,
  emptyBuilder,
  stepsToBuilder,
  withBuilderIntent,
  type BuilderStep,
} from '#app/lib/forms/form-builder.schema'
import type { FormSteps } from '#app/lib/forms/form-definition'

const field = (values: Partial<BuilderStep['fields'][number]> & Pick<BuilderStep['fields'][number], 'type'>) => ({
  required: false,
  ...values,
})
const step = (...fields: BuilderStep['fields']): BuilderStep => ({ fields })

describe('builderToSteps', () => {
  it('names new fields from their labels, unique in the whole form, and keeps the names fields already have', () => {
    const steps = builderToSteps([
      step(
        field({ type: 'shortText', label: ' Your company ' }),
        field({ type: 'email', label: 'Your company', name: 'work_email' }),
      ),
      step(
        field({ type: 'shortText', label: 'Your company' }),
        field({ type: 'toggle', label: '' }),
        field({ type: 'displayText', text: 'Bring a friend along please!' }),
      ),
    ])
    expect(steps.flat().map((one) => one.name)).toEqual([
      'your_company',
      'work_email',
      'your_company_2',
      'toggle',
      'bring_a_friend_along',
    ])
    expect(steps[0]![0]!.label).toBe('Your company')
  })

  it('does not take a name a saved field holds later in the form', () => {
    const steps = builderToSteps([
      step(field({ type: 'shortText', label: 'City' })),
      step(field({ type: 'shortText', label: 'Town', name: 'city' })),
    ])
    expect(steps.flat().map((one) => one.name)).toEqual(['city_2', 'city'])
  })

  it('keeps only what each type uses: options one a line, limits, a rating scale (5 unless given), display text', () => {
    const [fields] = builderToSteps([
      step(
        field({ type: 'dropdown', label: 'Pick', options: ' A \r\n\nB\n', min: 3 }),
        field({ type: 'shortText', label: 'Say', min: 2, max: 9, options: 'ignored' }),
        field({ type: 'number', label: 'How many', min: -1.5 }),
        field({ type: 'rating', label: 'Rate', min: 1 }),
        field({ type: 'email', label: 'Mail', max: 4 }),
        field({ type: 'displayText', label: 'x', text: '  Hello  ', required: true }),
      ),
    ])
    expect(fields).toEqual([
      { name: 'pick', type: 'dropdown', label: 'Pick', required: false, options: ['A', 'B'] },
      { name: 'say', type: 'shortText', label: 'Say', required: false, min: 2, max: 9 },
      { name: 'how_many', type: 'number', label: 'How many', required: false, min: -1.5 },
      { name: 'rate', type: 'rating', label: 'Rate', required: false, max: 5 },
      // An email field must be required, whatever the box said.
      { name: 'mail', type: 'email', label: 'Mail', required: true },
      { name: 'x', type: 'displayText', label: 'x', required: false, text: 'Hello' },
    ])
  })

  it('reads back what stepsToBuilder shows (a saved form opened and saved again is unchanged)', () => {
    const saved: FormSteps = [
      [
        { name: 'team', type: 'multipleChoice', label: 'Team', required: true, options: ['Red', 'Blue'] },
        { name: 'keen', type: 'rating', label: 'Keen?', required: false, max: 7 },
      ],
      [{ name: 'note', type: 'longText', label: 'Note', required: false, min: 1, max: 400 }],
    ]
    const posted = z.object({ steps: builderStepsField() }).parse(
      // conform's coercion of the page's strings, as parseWithZod does it.
      JSON.parse(JSON.stringify({ steps: stepsToBuilder(saved) }), (key, value) =>
        key === 'required' ? value === 'on' : (key === 'min' || key === 'max') && value !== '' ? Number(value) : value,
      ),
    )
    expect(builderToSteps(posted.steps)).toEqual(saved)
    expect(emptyBuilder()).toEqual([{ fields: [], addType: 'shortText' }])
  })
})

describe('addDefinitionIssues', () => {
  const schema = z
    .object({ steps: builderStepsField() })
    .superRefine((values, context) => addDefinitionIssues(builderToSteps(values.steps), ['steps'], context))
  const issues = (steps: BuilderStep[]) => {
    const result = schema.safeParse({ steps })
    return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message])
  }

  it('puts an empty step (or no step) on the builder, with the spec message', () => {
    expect(issues([])).toEqual([['steps', 'forms:errors.emptyStep']])
    expect(issues([step(field({ type: 'email', label: 'Mail' })), step()])).toEqual([
      ['steps', 'forms:errors.emptyStep'],
    ])
    expect(issues([step(field({ type: 'email', label: 'Mail' }))])).toEqual([])
  })

  it("puts a field's problem on the input it concerns", () => {
    expect(
      issues([
        step(
          field({ type: 'email', label: '' }),
          field({ type: 'dropdown', label: 'Pick' }),
          field({ type: 'rating', label: 'R', max: 11 }),
          field({ type: 'displayText' }),
        ),
      ]),
    ).toEqual([
      ['steps.0.fields.0.label', 'forms:errors.labelRequired'],
      ['steps.0.fields.1.options', 'forms:errors.optionsRequired'],
      ['steps.0.fields.2.max', 'forms:errors.limitsInvalid'],
      ['steps.0.fields.3.text', 'forms:errors.textRequired'],
    ])
    expect(
      issues([
        step(field({ type: 'email', label: 'A', name: 'same' })),
        step(field({ type: 'email', label: 'B', name: 'same' })),
      ]),
    ).toEqual([['steps.1.fields.0.label', 'forms:errors.duplicateName']])
    // A minimum that is wrong on its own is the minimum's problem; a pair that does not fit, the maximum's.
    expect(
      issues([
        step(
          field({ type: 'shortText', label: 'S', min: -1 }),
          field({ type: 'longText', label: 'L', min: 5, max: 4 }),
          field({ type: 'number', label: 'N', min: -1, max: -2 }),
        ),
      ]),
    ).toEqual([
      ['steps.0.fields.0.min', 'forms:errors.limitsInvalid'],
      ['steps.0.fields.1.max', 'forms:errors.limitsInvalid'],
      ['steps.0.fields.2.max', 'forms:errors.limitsInvalid'],
    ])
  })

  it('puts too many fields on the step, at 31 and not 30', () => {
    const many = (count: number) =>
      step(...Array.from({ length: count }, (_, i) => field({ type: 'shortText', label: `Q${i}` })))
    expect(issues([many(30)])).toEqual([])
    expect(issues([many(31)])).toEqual([['steps.0.fields', 'forms:errors.tooManyFields']])
  })
})

describe('withBuilderIntent', () => {
  const form = (entries: Record<string, string>) => {
    const data = new FormData()
    for (const [name, value] of Object.entries(entries)) data.append(name, value)
    return data
  }
  const intentOf = (data: FormData) => JSON.parse(String(data.get('__intent__')))

  it("turns Add field into conform's insert of a field of the chosen type, in that step", () => {
    const data = withBuilderIntent(form({ [BUILDER_ADD]: 'postSteps[1]', 'postSteps[1].addType': 'rating' }), [
      'preSteps',
      'postSteps',
    ])
    expect(data.has(BUILDER_ADD)).toBe(false)
    expect(intentOf(data)).toEqual({
      type: 'insert',
      payload: { name: 'postSteps[1].fields', defaultValue: { type: 'rating', max: '5' } },
    })
    expect(
      intentOf(withBuilderIntent(form({ [BUILDER_ADD]: 'steps[0]', 'steps[0].addType': 'date' }), ['steps'])).payload
        .defaultValue,
    ).toEqual({ type: 'date' })
  })

  it("makes an unknown type, a step that is not one or another page's list a validate intent (nothing changes), and leaves other posts alone", () => {
    const junk: Array<Record<string, string>> = [
      { [BUILDER_ADD]: 'steps[0]', 'steps[0].addType': 'nope' },
      { [BUILDER_ADD]: 'steps[0].fields[0]', 'steps[0].fields[0].addType': 'date' },
      { [BUILDER_ADD]: '__proto__[0]', '__proto__[0].addType': 'date' },
      { [BUILDER_ADD]: 'constructor[0]', 'constructor[0].addType': 'date' },
      { [BUILDER_ADD]: 'steps[123]', 'steps[123].addType': 'date' },
      { [BUILDER_ADD]: 'preSteps[0]', 'preSteps[0].addType': 'date' },
    ]
    for (const entries of junk)
      expect(intentOf(withBuilderIntent(form(entries), ['steps']))).toEqual({ type: 'validate', payload: {} })
    const plain = withBuilderIntent(form({ name: 'x' }), ['steps'])
    expect(plain.has('__intent__')).toBe(false)
  })
})
