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

export class User extends Model<InferAttributes<User>, InferCreationAttributes<User>> {
  declare id: CreationOptional<string>
  declare name: CreationOptional<string | null>
  declare emailAddress: CreationOptional<string | null>
  declare phoneNumber: CreationOptional<string | null>
  declare countryCode: CreationOptional<string | null>
  declare country: CreationOptional<string | null>
  declare avatar: CreationOptional<string | null>
  declare avatarId: CreationOptional<string | null>
  declare about: CreationOptional<string | null>
  declare company: CreationOptional<string | null>
  declare jobTitle: CreationOptional<string | null>
  declare location: CreationOptional<string | null>
  declare interests: CreationOptional<string | null>
  declare type: CreationOptional<string>
  declare verified: CreationOptional<boolean>
  declare available: CreationOptional<boolean>
  declare isSuperUser: CreationOptional<boolean>
  declare contactEmailAddress: CreationOptional<string | null>
  declare contactPhoneNumber: CreationOptional<string | null>
  declare websiteUrl: CreationOptional<string | null>
  declare facebookUrl: CreationOptional<string | null>
  declare linkedinUrl: CreationOptional<string | null>
  declare twitterUrl: CreationOptional<string | null>
  declare instagramUrl: CreationOptional<string | null>
  declare calendarUrl: CreationOptional<string | null>
  declare redirectOnEndUrl: CreationOptional<string | null>
  declare preferredLanguage: CreationOptional<string | null>
  declare preferenceEmailNotifications: CreationOptional<boolean>
  declare preferenceSmsNotifications: CreationOptional<boolean>
  declare preferenceShowEmailAddress: CreationOptional<boolean>
  declare preferenceShowPhoneNumber: CreationOptional<boolean>
  declare preferredVideoQualitySend: CreationOptional<string>
  declare widescreenBroadcast: CreationOptional<boolean>
  declare personalRoomFtueVideo: CreationOptional<boolean>
  declare meta: CreationOptional<Record<string, unknown>>
  /** The first time the person signed in; from then on the account is theirs alone (docs/security.md). */
  declare firstSignedInAt: CreationOptional<Date | null>
  /** The community that made this account for someone who had none: it may fill it in until they first sign in. */
  declare managedByBrandId: CreationOptional<string | null>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    const optionalText = () => ({ type: DataTypes.STRING, allowNull: true })
    User.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        name: optionalText(),
        emailAddress: {
          type: DataTypes.STRING(320),
          allowNull: true,
          validate: { isEmail: true },
          // Emails are trimmed and lowercased so one address is one account.
          set(value: string | null) {
            this.setDataValue('emailAddress', value ? value.trim().toLowerCase() : null)
          },
        },
        phoneNumber: optionalText(),
        countryCode: optionalText(),
        country: optionalText(),
        avatar: optionalText(),
        avatarId: optionalText(),
        about: { type: DataTypes.TEXT, allowNull: true },
        company: optionalText(),
        jobTitle: optionalText(),
        location: optionalText(),
        interests: { type: DataTypes.TEXT, allowNull: true },
        type: { type: DataTypes.STRING, allowNull: false, defaultValue: 'personal' },
        verified: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        available: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
        isSuperUser: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        contactEmailAddress: optionalText(),
        contactPhoneNumber: optionalText(),
        websiteUrl: optionalText(),
        facebookUrl: optionalText(),
        linkedinUrl: optionalText(),
        twitterUrl: optionalText(),
        instagramUrl: optionalText(),
        calendarUrl: optionalText(),
        redirectOnEndUrl: optionalText(),
        preferredLanguage: optionalText(),
        preferenceEmailNotifications: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
        preferenceSmsNotifications: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
        preferenceShowEmailAddress: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        preferenceShowPhoneNumber: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        preferredVideoQualitySend: {
          type: DataTypes.STRING,
          allowNull: false,
          defaultValue: 'high',
          validate: { isIn: [['low', 'medium', 'high', 'ultra']] },
        },
        widescreenBroadcast: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        personalRoomFtueVideo: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        meta: jsonColumn('meta', { defaults: () => ({}) }),
        firstSignedInAt: { type: DataTypes.DATE, allowNull: true },
        managedByBrandId: { type: DataTypes.STRING(36), allowNull: true },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'users', modelName: 'User' },
    )
  }
}
