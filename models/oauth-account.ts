import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize'
import { newId } from './ids'

/** A user's account at a social sign-in provider: (provider, subject) is unique. */
export class OAuthAccount extends Model<InferAttributes<OAuthAccount>, InferCreationAttributes<OAuthAccount>> {
  declare id: CreationOptional<string>
  /** The provider's name in OAUTH_PROVIDERS (lower case). */
  declare provider: string
  /** The provider's stable id of the account (OIDC `sub`). */
  declare subject: string
  declare userId: string
  /** The verified address the provider last gave for this account. */
  declare email: CreationOptional<string | null>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    OAuthAccount.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        provider: { type: DataTypes.STRING(32), allowNull: false },
        subject: { type: DataTypes.STRING(255), allowNull: false },
        userId: { type: DataTypes.STRING(36), allowNull: false },
        email: {
          type: DataTypes.STRING(320),
          allowNull: true,
          set(value: string | null) {
            this.setDataValue('email', value ? value.trim().toLowerCase() : null)
          },
        },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'oauth_accounts', modelName: 'OAuthAccount' },
    )
  }
}
