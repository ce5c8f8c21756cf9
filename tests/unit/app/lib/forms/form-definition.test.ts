import { describe, expect, it } from 'vitest'
import {
  answersSchema,
  completeValues,
  definitionProblems,
  fieldNameFor,
  isCompleteSubmission,
  readSteps,
  type FormSteps,
} from '#app/lib/forms/form-definition'

const steps: FormSteps = [
  [
    { name: 'full_name', type: 'fullName', label: 'Full name', required: true },
    { name: 'email', type: 'email', label: 'Email', required: true },
    { name: 'welcome', type: 'displayText', label: '', required: false, text: 'Welcome!' },
  ],
  [
    { name: 'company', type: 'shortText', label: 'Company', required: false, min: 2, max: 5 },
    { name: 'topics', type: 'multipleChoice', label: 'Topics', required: true, options: ['A', 'B'] },
    { name: 'size', type: 'number', label: 'Team size', required: false, min: 1, max: 50 },
    { name: 'consent', type: 'toggle', label: 'I agree', required: true },
    { name: 'stars', type: 'rating', label: 'Stars', required: false, max: 5 },
    { name: 'day', type: 'date', label: 'Day', required: false },
  ],
]

describe('form definitions', () => {
  it('asks for at least one field on each step', () => {
    expect(definitionProblems([[]])).toEqual([{ path: 'form', problem: 'forms:errors.emptyStep' }])
    expect(definitionProblems([])).toEqual([{ path: 'form', problem: 'forms:errors.emptyStep' }])
    expect(definitionProblems([steps[0]!, []])).toEqual([{ path: 'form', problem: 'forms:errors.emptyStep' }])
    expect(definitionProblems(steps)).toEqual([])
  })

  it('refuses choices without options, labels missing, limits that cross and duplicate names', () => {
    const problems = definitionProblems([
      [
        { name: 'a', type: 'dropdown', label: 'Pick', required: false, options: [] },
        { name: 'a', type: 'shortText', label: ' ', required: false, min: 5, max: 2 },
        { name: 'c', type: 'displayText', label: '', required: false, text: '' },
        { name: 'd', type: 'rating', label: 'Rate', required: false, max: 11 },
      ],
    ])
    expect(problems).toEqual([
      { path: '0.0', problem: 'forms:errors.optionsRequired' },
      { path: '0.1', problem: 'forms:errors.duplicateName' },
      { path: '0.1', problem: 'forms:errors.labelRequired' },
      { path: '0.1', problem: 'forms:errors.limitsInvalid' },
      { path: '0.2', problem: 'forms:errors.textRequired' },
      { path: '0.3', problem: 'forms:errors.limitsInvalid' },
    ])
  })

  it('names fields after their labels, uniquely', () => {
    expect(fieldNameFor('Your Company?', new Set())).toBe('your_company')
    expect(fieldNameFor('Your Company?', new Set(['your_company']))).toBe('your_company_2')
    expect(fieldNameFor('¿Año?', new Set())).toBe('ano')
    expect(fieldNameFor('!!!', new Set())).toBe('field')
  })

  it('reads stored JSON defensively', () => {
    expect(readSteps(null)).toEqual([])
    expect(
      readSteps([
        [
          { name: 'x', type: 'nope' },
          { name: 'y', type: 'email', label: 'E', required: 'yes' },
        ],
        'junk',
      ]),
    ).toEqual([[{ name: 'y', type: 'email', label: 'E', required: false }]])
  })

  it('checks each answer by its type and limits', () => {
    const all = answersSchema(steps)
    const bad = all.safeParse({
      full_name: 'Ann',
      email: 'nope',
      company: 'ToolongCo',
      topics: ['Z'],
      size: '51',
      consent: undefined,
      stars: '6',
      day: '2026-02-30',
    })
    expect(bad.success).toBe(false)
    const errors = Object.fromEntries(bad.error!.issues.map((issue) => [issue.path[0], issue.message]))
    expect(errors).toEqual({
      full_name: 'forms:errors.fullName',
      email: 'forms:errors.email',
      company: 'forms:errors.maxLength',
      topics: 'forms:errors.choiceInvalid',
      size: 'forms:errors.numberMax',
      consent: 'forms:errors.required',
      stars: 'forms:errors.choiceInvalid',
      day: 'forms:errors.date',
    })
    const good = all.safeParse({
      full_name: ' Ann Lee ',
      email: ' Ann@Example.COM ',
      company: '',
      topics: 'A',
      consent: 'on',
      size: '',
      stars: '',
      day: '',
    })
    expect(good.success).toBe(true)
    expect(good.data).toEqual({ full_name: 'Ann Lee', email: 'ann@example.com', topics: ['A'], consent: true })
  })

  it('checks one step alone', () => {
    expect(Object.keys(answersSchema(steps, 0).shape)).toEqual(['full_name', 'email'])
  })

  it('calls a submission complete only when it answers exactly the fields', () => {
    const values = completeValues(steps, {
      full_name: 'Ann Lee',
      email: 'ann@example.com',
      topics: ['A'],
      consent: true,
    })
    expect(values).toEqual({
      full_name: 'Ann Lee',
      email: 'ann@example.com',
      company: '',
      topics: ['A'],
      size: '',
      consent: true,
      stars: '',
      day: '',
    })
    expect(isCompleteSubmission(steps, values)).toBe(true)
    const { company: _dropped, ...fewer } = values
    expect(isCompleteSubmission(steps, fewer)).toBe(false)
    expect(isCompleteSubmission(steps, { ...values, extra: 'x' })).toBe(false)
    expect(isCompleteSubmission(steps, { ...fewer, welcome: 'x' })).toBe(false)
  })
})
