import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize'
import {
  contentModerationDefaults,
  directorySettingsDefaults,
  logosDefaults,
  mediaDefaults,
  peerSettingsDefaults,
  publicAccessDefaults,
  themeBackgroundDefaults,
  toolbarControlsDefaults,
  type ContentModeration,
  type DirectorySettings,
  type Logos,
  type MediaDefaults,
  type PeerSettings,
  type PublicAccess,
  type ThemeBackground,
  type ToolbarControls,
  type ViewingMode,
} from './brand-config'
import { jsonColumn } from './json'
import { newId } from './ids'
import { reportWrites } from './row-changes'
import { SLUG_RULE } from './slugs'

/** A community. The product calls it a brand; so do the tables. */
export class Brand extends Model<InferAttributes<Brand>, InferCreationAttributes<Brand>> {
  declare id: CreationOptional<string>
  declare slug: string
  declare name: string
  declare status: CreationOptional<'active' | 'deleted'>
  declare edition: CreationOptional<string>
  declare trialEndsAt: CreationOptional<Date | null>
  declare parentBrandId: CreationOptional<string | null>
  declare publicCommunity: CreationOptional<boolean>
  declare publicAccess: CreationOptional<PublicAccess>
  declare allowSignUps: CreationOptional<boolean>
  declare memberModeration: CreationOptional<boolean>
  declare customSignUp: CreationOptional<boolean>
  declare customSignUpForm: CreationOptional<unknown>
  declare newGroupModerationEnabled: CreationOptional<boolean>
  declare newGroupFormEnabled: CreationOptional<boolean>
  declare newGroupFormDefinition: CreationOptional<unknown>
  declare requireMemberPhoneNumber: CreationOptional<boolean>
  declare selfSignupHash: CreationOptional<string | null>
  declare defaultNavigationStrategy: CreationOptional<'hash' | 'history'>
  declare topLevelRoomId: CreationOptional<string | null>
  declare announcementsRoomId: CreationOptional<string | null>
  declare defaultLandingPage: CreationOptional<string>
  declare redirectOnEndCall: CreationOptional<string>
  declare communityToS: CreationOptional<string | null>
  declare communityPP: CreationOptional<string | null>
  declare communityLanguage: CreationOptional<string | null>
  declare logos: CreationOptional<Logos>
  declare theme: CreationOptional<string>
  declare themeColors: CreationOptional<Record<string, string> | null>
  declare themeBackground: CreationOptional<ThemeBackground>
  declare meetButtonEnabled: CreationOptional<boolean>
  declare installedSiteUrlTakeover: CreationOptional<boolean>
  declare displayAbbreviatedUserNames: CreationOptional<boolean>
  declare documentDomain: CreationOptional<string | null>
  declare fontBase: CreationOptional<string>
  declare fontTitle: CreationOptional<string>
  declare embeddedClientUrl: CreationOptional<string | null>
  declare embeddableId: CreationOptional<string | null>
  declare peerSettings: CreationOptional<PeerSettings>
  declare defaultViewDesktop: CreationOptional<ViewingMode>
  declare defaultViewMobile: CreationOptional<ViewingMode>
  declare toolbarControls: CreationOptional<ToolbarControls>
  declare mediaDefaults: CreationOptional<MediaDefaults>
  declare directorySettings: CreationOptional<DirectorySettings>
  declare contentModeration: CreationOptional<ContentModeration>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    const optionalText = () => ({ type: DataTypes.STRING, allowNull: true })
    const flag = (defaultValue: boolean) => ({ type: DataTypes.BOOLEAN, allowNull: false, defaultValue })
    const choice = (values: string[], defaultValue: string) => ({
      type: DataTypes.STRING,
      allowNull: false,
      defaultValue,
      validate: { isIn: [values] },
    })
    Brand.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        slug: { type: DataTypes.STRING(64), allowNull: false, validate: { is: SLUG_RULE } },
        name: { type: DataTypes.STRING, allowNull: false, validate: { len: [2, 255] } },
        status: choice(['active', 'deleted'], 'active'),
        edition: { type: DataTypes.STRING, allowNull: false, defaultValue: 'pro' },
        trialEndsAt: { type: DataTypes.DATE, allowNull: true },
        parentBrandId: optionalText(),
        publicCommunity: flag(false),
        publicAccess: jsonColumn('publicAccess', { defaults: publicAccessDefaults }),
        allowSignUps: flag(false),
        memberModeration: flag(false),
        customSignUp: flag(false),
        customSignUpForm: jsonColumn('customSignUpForm'),
        newGroupModerationEnabled: flag(false),
        newGroupFormEnabled: flag(false),
        newGroupFormDefinition: jsonColumn('newGroupFormDefinition'),
        requireMemberPhoneNumber: flag(false),
        // Every community has a sign-up link from the start; allowSignUps says whether it works.
        selfSignupHash: { type: DataTypes.STRING, allowNull: true, defaultValue: newId },
        defaultNavigationStrategy: choice(['hash', 'history'], 'hash'),
        topLevelRoomId: optionalText(),
        announcementsRoomId: optionalText(),
        defaultLandingPage: { type: DataTypes.STRING, allowNull: false, defaultValue: 'rooms' },
        redirectOnEndCall: { type: DataTypes.STRING, allowNull: false, defaultValue: 'thankYou' },
        communityToS: optionalText(),
        communityPP: optionalText(),
        communityLanguage: { type: DataTypes.STRING, allowNull: true, validate: { isIn: [['en', 'es', 'pt']] } },
        logos: jsonColumn('logos', { defaults: logosDefaults }),
        theme: { type: DataTypes.STRING, allowNull: false, defaultValue: 'hearth' },
        themeColors: jsonColumn('themeColors'),
        themeBackground: jsonColumn('themeBackground', { defaults: themeBackgroundDefaults }),
        meetButtonEnabled: flag(true),
        installedSiteUrlTakeover: flag(false),
        displayAbbreviatedUserNames: flag(false),
        documentDomain: optionalText(),
        fontBase: { type: DataTypes.STRING, allowNull: false, defaultValue: 'Roboto' },
        fontTitle: { type: DataTypes.STRING, allowNull: false, defaultValue: 'IBM Plex Sans' },
        embeddedClientUrl: optionalText(),
        embeddableId: optionalText(),
        peerSettings: jsonColumn('peerSettings', { defaults: peerSettingsDefaults }),
        defaultViewDesktop: choice(['tiles', 'primarySpeaker', 'presenter'], 'tiles'),
        defaultViewMobile: choice(['tiles', 'primarySpeaker', 'presenter'], 'primarySpeaker'),
        toolbarControls: jsonColumn('toolbarControls', { defaults: toolbarControlsDefaults }),
        mediaDefaults: jsonColumn('mediaDefaults', { defaults: mediaDefaults }),
        directorySettings: jsonColumn('directorySettings', { defaults: directorySettingsDefaults }),
        contentModeration: jsonColumn('contentModeration', { defaults: contentModerationDefaults }),
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      // The web app keeps communities in memory (app/lib/communities/brands.server.ts): every write is reported.
      { sequelize, tableName: 'brands', modelName: 'Brand', hooks: reportWrites('brands') },
    )
  }
}
