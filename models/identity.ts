import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize'
import { jsonColumn } from './json'
import { newId } from './ids'

export class Session extends Model<InferAttributes<Session>, InferCreationAttributes<Session>> {
  declare id: CreationOptional<string>
  declare data: CreationOptional<Record<string, unknown>>
  declare expiresAt: Date
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>
}

export class AuthCode extends Model<InferAttributes<AuthCode>, InferCreationAttributes<AuthCode>> {
  declare id: string
  declare active: CreationOptional<boolean>
  declare attempts: CreationOptional<number>
  declare expiresAt: Date
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>
}

export class MagicLink extends Model<InferAttributes<MagicLink>, InferCreationAttributes<MagicLink>> {
  declare id: CreationOptional<string>
  declare userId: string
  declare destinationUrl: string
  declare expiresAt: Date
  declare usedAt: CreationOptional<Date | null>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>
}

export class RateLimit extends Model<InferAttributes<RateLimit>, InferCreationAttributes<RateLimit>> {
  declare key: string
  declare count: number
  declare resetAt: Date
}

export function initialiseIdentity(sequelize: Sequelize) {
  const timestamps = { createdAt: DataTypes.DATE, updatedAt: DataTypes.DATE }
  Session.init(
    {
      id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
      data: jsonColumn('data', { defaults: () => ({}) }),
      expiresAt: { type: DataTypes.DATE, allowNull: false },
      ...timestamps,
    },
    { sequelize, tableName: 'sessions', modelName: 'Session' },
  )
  AuthCode.init(
    {
      id: { type: DataTypes.STRING(64), primaryKey: true },
      active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      expiresAt: { type: DataTypes.DATE, allowNull: false },
      ...timestamps,
    },
    { sequelize, tableName: 'auth_codes', modelName: 'AuthCode' },
  )
  MagicLink.init(
    {
      id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
      userId: { type: DataTypes.STRING(36), allowNull: false },
      destinationUrl: { type: DataTypes.STRING(2048), allowNull: false },
      expiresAt: { type: DataTypes.DATE, allowNull: false },
      usedAt: { type: DataTypes.DATE, allowNull: true },
      ...timestamps,
    },
    { sequelize, tableName: 'magic_links', modelName: 'MagicLink' },
  )
  RateLimit.init(
    {
      key: { type: DataTypes.STRING(191), primaryKey: true },
      count: { type: DataTypes.INTEGER, allowNull: false },
      resetAt: { type: DataTypes.DATE, allowNull: false },
    },
    { sequelize, tableName: 'rate_limits', modelName: 'RateLimit', timestamps: false },
  )
}
