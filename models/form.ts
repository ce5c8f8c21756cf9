import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize'
import { newId } from './ids'
import { jsonColumn } from './json'

/**
 * A form an admin built (a formDefinition with stepsFields): its steps of fields as
 * JSON, read through app/lib/forms/form-definition.ts (readSteps), which owns their shape and rules.
 * Events point at theirs (registration, pre-survey, post-survey; migrations/0023-event-registration.ts).
 */
export class FormDefinition extends Model<InferAttributes<FormDefinition>, InferCreationAttributes<FormDefinition>> {
  declare id: CreationOptional<string>
  declare brandId: string
  declare steps: CreationOptional<unknown>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    FormDefinition.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        brandId: { type: DataTypes.STRING(36), allowNull: false },
        steps: jsonColumn('steps', { defaults: () => [] }),
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'form_definitions', modelName: 'FormDefinition' },
    )
  }
}

/** One person's answers to one form (a formSubmission's values), one row per person and form. */
export class FormSubmission extends Model<InferAttributes<FormSubmission>, InferCreationAttributes<FormSubmission>> {
  declare id: CreationOptional<string>
  declare formDefinitionId: string
  declare userId: string
  declare values: CreationOptional<Record<string, unknown>>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    FormSubmission.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        formDefinitionId: { type: DataTypes.STRING(36), allowNull: false },
        userId: { type: DataTypes.STRING(36), allowNull: false },
        values: jsonColumn('values', { defaults: () => ({}) }),
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'form_submissions', modelName: 'FormSubmission' },
    )
  }
}
