import { DataTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

// Event registration and surveys (an event's registration, registrationLimit, registrationCutOff,
// registrationForm, pre-survey, post-survey; a formDefinition's stepsFields and a formSubmission's
// values; a registration submission counts as complete only when its values cover exactly the
// defined step fields).
//
// A form definition is its steps of fields, kept as JSON (its shape is app/lib/forms/form-definition.ts);
// each event points at up to three of them (registration, pre-survey, post-survey). A submission is
// one person's answers to one definition. A registration is one person's place at one event:
// approved or pending, made by the form or an import, with the auto-join code mailed to them
// (kept only as its hash, like sign-in codes).
const stamps = () => ({
  createdAt: { type: DataTypes.DATE, allowNull: false },
  updatedAt: { type: DataTypes.DATE, allowNull: false },
})
const ref = (table: string, key = 'id') => ({
  type: DataTypes.STRING(36),
  allowNull: false,
  references: { model: table, key },
  onDelete: 'CASCADE',
})
const optionalRef = (table: string) => ({
  type: DataTypes.STRING(36),
  allowNull: true,
  references: { model: table, key: 'id' },
  onDelete: 'SET NULL',
})

export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.createTable('form_definitions', {
    id: { type: DataTypes.STRING(36), primaryKey: true, allowNull: false },
    brandId: ref('brands'),
    steps: { type: DataTypes.JSON, allowNull: true },
    ...stamps(),
  })

  await qi.createTable('form_submissions', {
    id: { type: DataTypes.STRING(36), primaryKey: true, allowNull: false },
    formDefinitionId: ref('form_definitions'),
    userId: ref('users'),
    values: { type: DataTypes.JSON, allowNull: true },
    ...stamps(),
  })
  // One submission per person and form: answering again replaces the answers.
  await qi.addIndex('form_submissions', ['formDefinitionId', 'userId'], {
    unique: true,
    name: 'form_submissions_unique',
  })

  await qi.addColumn('events', 'registrationEnabled', {
    type: DataTypes.BOOLEAN,
    allowNull: false,
    defaultValue: false,
  })
  // On: a registration waits (pending) until someone who manages events approves it.
  await qi.addColumn('events', 'registrationModeration', {
    type: DataTypes.BOOLEAN,
    allowNull: false,
    defaultValue: false,
  })
  await qi.addColumn('events', 'registrationFormId', optionalRef('form_definitions'))
  await qi.addColumn('events', 'preSurveyFormId', optionalRef('form_definitions'))
  await qi.addColumn('events', 'postSurveyFormId', optionalRef('form_definitions'))
  // Sorting into breakouts by registration answers (a primary field must be chosen).
  await qi.addColumn('events', 'matchPrimaryField', { type: DataTypes.STRING(64), allowNull: true })
  await qi.addColumn('events', 'matchSecondaryField', { type: DataTypes.STRING(64), allowNull: true })
  // Predefined breakout groups: an array of arrays of email addresses (at least 2 a row).
  await qi.addColumn('events', 'predefinedGroups', { type: DataTypes.JSON, allowNull: true })

  await qi.createTable('event_registrations', {
    id: { type: DataTypes.STRING(36), primaryKey: true, allowNull: false },
    roomId: ref('events', 'roomId'),
    userId: ref('users'),
    // 'approved' or 'pending' (as the registration import's status column).
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'approved' },
    coHost: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    // 'form' (the person registered) or 'import' (an admin's CSV).
    source: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'form' },
    submissionId: optionalRef('form_submissions'),
    autoJoinCodeHash: { type: DataTypes.STRING(64), allowNull: true },
    autoJoinExpiresAt: { type: DataTypes.DATE, allowNull: true },
    ...stamps(),
  })
  await qi.addIndex('event_registrations', ['roomId', 'userId'], { unique: true, name: 'event_registrations_unique' })
  await qi.addIndex('event_registrations', ['autoJoinCodeHash'], { name: 'event_registrations_auto_join' })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.dropTable('event_registrations')
  for (const column of [
    'predefinedGroups',
    'matchSecondaryField',
    'matchPrimaryField',
    'postSurveyFormId',
    'preSurveyFormId',
    'registrationFormId',
    'registrationModeration',
    'registrationEnabled',
  ]) {
    await qi.removeColumn('events', column)
  }
  await qi.dropTable('form_submissions')
  await qi.dropTable('form_definitions')
}
