import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize'
import { newId } from './ids'

/**
 * What a token may do (docs/decisions/0021-api-tokens.md): `read` only reads, `write` also writes as a
 * member does, `admin` also does what its owner may as an admin. None grants more than its owner holds.
 */
export const TOKEN_SCOPES = ['read', 'write', 'admin'] as const
export type TokenScope = (typeof TOKEN_SCOPES)[number]

/** A personal access token: only its SHA-256 is kept, and the prefix its owner sees in the list. */
export class ApiToken extends Model<InferAttributes<ApiToken>, InferCreationAttributes<ApiToken>> {
  declare id: CreationOptional<string>
  declare userId: string
  /** The one community the token works in; null for every community its owner belongs to. */
  declare brandId: string | null
  declare name: string
  declare scope: TokenScope
  declare prefix: string
  declare tokenHash: string
  declare expiresAt: Date
  declare lastUsedAt: CreationOptional<Date | null>
  declare lastUsedAddress: CreationOptional<string | null>
  declare revokedAt: CreationOptional<Date | null>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    ApiToken.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        userId: { type: DataTypes.STRING(36), allowNull: false },
        brandId: { type: DataTypes.STRING(36), allowNull: true },
        name: { type: DataTypes.STRING(80), allowNull: false },
        scope: { type: DataTypes.STRING(8), allowNull: false, validate: { isIn: [[...TOKEN_SCOPES]] } },
        prefix: { type: DataTypes.STRING(24), allowNull: false },
        tokenHash: { type: DataTypes.STRING(64), allowNull: false },
        expiresAt: { type: DataTypes.DATE, allowNull: false },
        lastUsedAt: { type: DataTypes.DATE, allowNull: true },
        lastUsedAddress: { type: DataTypes.STRING(64), allowNull: true },
        revokedAt: { type: DataTypes.DATE, allowNull: true },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'api_tokens', modelName: 'ApiToken' },
    )
  }
}
