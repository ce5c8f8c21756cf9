import { DataTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

const id = { type: DataTypes.STRING(36), primaryKey: true, allowNull: false }
const ref = (table: string, onDelete: 'CASCADE' | 'SET NULL' = 'CASCADE', allowNull = false) => ({
  type: DataTypes.STRING(36),
  allowNull,
  references: { model: table, key: 'id' },
  onDelete,
})
const flag = (defaultValue: boolean) => ({ type: DataTypes.BOOLEAN, allowNull: false, defaultValue })
const text = (length = 255) => ({ type: DataTypes.STRING(length), allowNull: true })
const longText = { type: DataTypes.TEXT, allowNull: true }
const json = { type: DataTypes.JSON, allowNull: true }
// Millisecond precision: MariaDB's DATETIME keeps whole seconds otherwise, and orderings by time tie.
const timestamps = {
  createdAt: { type: DataTypes.DATE(3), allowNull: false },
  updatedAt: { type: DataTypes.DATE(3), allowNull: false },
}

export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.createTable('users', {
    id,
    name: text(),
    emailAddress: text(320),
    phoneNumber: text(32),
    countryCode: text(8),
    country: text(64),
    avatar: text(1024),
    avatarId: text(36),
    about: longText,
    company: text(),
    jobTitle: text(),
    location: text(),
    interests: longText,
    type: { type: DataTypes.STRING(32), allowNull: false, defaultValue: 'personal' },
    verified: flag(false),
    available: flag(true),
    isSuperUser: flag(false),
    contactEmailAddress: text(320),
    contactPhoneNumber: text(32),
    websiteUrl: text(1024),
    facebookUrl: text(1024),
    linkedinUrl: text(1024),
    twitterUrl: text(1024),
    instagramUrl: text(1024),
    calendarUrl: text(1024),
    redirectOnEndUrl: text(1024),
    preferredLanguage: text(8),
    preferenceEmailNotifications: flag(true),
    preferenceSmsNotifications: flag(true),
    preferenceShowEmailAddress: flag(false),
    preferenceShowPhoneNumber: flag(false),
    preferredVideoQualitySend: { type: DataTypes.STRING(8), allowNull: false, defaultValue: 'high' },
    widescreenBroadcast: flag(false),
    personalRoomFtueVideo: flag(false),
    meta: json,
    ...timestamps,
  })
  await qi.addIndex('users', ['emailAddress'], { unique: true, name: 'users_email_unique' })
  await qi.addIndex('users', ['phoneNumber'], { unique: true, name: 'users_phone_unique' })

  await qi.createTable('brands', {
    id,
    slug: { type: DataTypes.STRING(64), allowNull: false },
    name: { type: DataTypes.STRING(255), allowNull: false },
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'active' },
    edition: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'pro' },
    trialEndsAt: { type: DataTypes.DATE(3), allowNull: true },
    parentBrandId: ref('brands', 'SET NULL', true),
    publicCommunity: flag(false),
    publicAccess: json,
    allowSignUps: flag(false),
    memberModeration: flag(false),
    customSignUp: flag(false),
    customSignUpForm: json,
    newGroupModerationEnabled: flag(false),
    newGroupFormEnabled: flag(false),
    newGroupFormDefinition: json,
    requireMemberPhoneNumber: flag(false),
    selfSignupHash: text(64),
    defaultNavigationStrategy: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'hash' },
    topLevelRoomId: text(36),
    announcementsRoomId: text(36),
    defaultLandingPage: { type: DataTypes.STRING(32), allowNull: false, defaultValue: 'rooms' },
    redirectOnEndCall: { type: DataTypes.STRING(32), allowNull: false, defaultValue: 'thankYou' },
    communityToS: text(1024),
    communityPP: text(1024),
    communityLanguage: text(8),
    logos: json,
    theme: { type: DataTypes.STRING(32), allowNull: false, defaultValue: 'hearth' },
    themeColors: json,
    themeBackground: json,
    meetButtonEnabled: flag(true),
    installedSiteUrlTakeover: flag(false),
    displayAbbreviatedUserNames: flag(false),
    documentDomain: text(),
    fontBase: { type: DataTypes.STRING(64), allowNull: false, defaultValue: 'Roboto' },
    fontTitle: { type: DataTypes.STRING(64), allowNull: false, defaultValue: 'IBM Plex Sans' },
    embeddedClientUrl: text(1024),
    embeddableId: text(36),
    peerSettings: json,
    defaultViewDesktop: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'tiles' },
    defaultViewMobile: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'primarySpeaker' },
    toolbarControls: json,
    mediaDefaults: json,
    directorySettings: json,
    contentModeration: json,
    ...timestamps,
  })
  await qi.addIndex('brands', ['slug'], { unique: true, name: 'brands_slug_unique' })

  await qi.createTable('rooms', {
    id,
    slug: { type: DataTypes.STRING(64), allowNull: false },
    brandId: ref('brands'),
    parentRoomId: ref('rooms', 'SET NULL', true),
    hostId: ref('users', 'SET NULL', true),
    profileId: text(36),
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'active' },
    type: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'personal' },
    context: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'personal' },
    roomType: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'public' },
    access: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'locked' },
    coHosts: json,
    members: json,
    name: text(),
    description: longText,
    image: text(1024),
    bannerImage: text(1024),
    hash: text(64),
    open: flag(false),
    locked: flag(false),
    membersOnly: flag(false),
    passcode: text(64),
    reserved: flag(false),
    verified: flag(false),
    deleted: flag(false),
    source: { type: DataTypes.STRING(32), allowNull: false, defaultValue: 'hearth' },
    redirectOnEndUrl: text(1024),
    videoEnabled: flag(true),
    event: json,
    liveState: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'idle' },
    liveUrl: text(1024),
    viewerCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    meetingRoomId: text(36),
    sfuEndpoint: text(1024),
    recorderTriggered: flag(false),
    activeSpeakerId: text(64),
    primarySpeakerId: text(64),
    screenShareId: text(64),
    videoShareId: text(64),
    isTranscribing: flag(false),
    isClosedCaptioning: flag(false),
    authRequired: flag(false),
    passwordRequired: flag(false),
    startMutedPolicy: text(32),
    maxReceiverVideoQuality: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1080 },
    preferredReceiverVideoQuality: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1080 },
    hostAccess: flag(true),
    ready: flag(true),
    available: flag(true),
    enabledInDirectory: flag(false),
    visibleInDirectory: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'everyone' },
    pinnedInDirectory: flag(false),
    allowMembershipRequests: flag(true),
    newMemberModerationEnabled: flag(false),
    newMemberFormEnabled: flag(false),
    newMemberFormDefinition: json,
    breakoutPreview: flag(false),
    breakoutPreviewTimer: { type: DataTypes.INTEGER, allowNull: true },
    replyApproval: flag(false),
    startsAt: { type: DataTypes.DATE(3), allowNull: true },
    endsAt: { type: DataTypes.DATE(3), allowNull: true },
    timeZone: text(64),
    ...timestamps,
  })
  await qi.addIndex('rooms', ['brandId', 'slug'], { unique: true, name: 'rooms_brand_slug_unique' })
  await qi.addIndex('rooms', ['hostId'], { name: 'rooms_host' })
  await qi.addIndex('rooms', ['brandId', 'context', 'status'], { name: 'rooms_brand_context' })

  await qi.createTable('roles', {
    id,
    slug: { type: DataTypes.STRING(64), allowNull: false, unique: true },
    name: { type: DataTypes.STRING(255), allowNull: false },
    ...timestamps,
  })
  await qi.createTable('permissions', {
    id,
    slug: { type: DataTypes.STRING(64), allowNull: false, unique: true },
    name: { type: DataTypes.STRING(255), allowNull: false },
    description: text(),
    parentId: ref('permissions', 'SET NULL', true),
    ...timestamps,
  })
  await qi.createTable('role_permissions', {
    roleId: { ...ref('roles'), primaryKey: true },
    permissionId: { ...ref('permissions'), primaryKey: true },
  })
  await qi.createTable('role_grants', {
    id,
    userId: ref('users'),
    roleId: ref('roles'),
    brandId: ref('brands'),
    ...timestamps,
  })
  await qi.addIndex('role_grants', ['userId', 'brandId', 'roleId'], { unique: true, name: 'role_grants_unique' })
  await qi.addIndex('role_grants', ['brandId', 'roleId'], { name: 'role_grants_brand_role' })

  await qi.createTable('outbox_messages', {
    id,
    channel: { type: DataTypes.STRING(8), allowNull: false },
    recipient: { type: DataTypes.STRING(320), allowNull: false },
    subject: text(),
    text: { type: DataTypes.TEXT, allowNull: false },
    html: longText,
    // What the dev console shows next to a message: the code or link it carries.
    meta: json,
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'pending' },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    lastError: longText,
    sentAt: { type: DataTypes.DATE(3), allowNull: true },
    ...timestamps,
  })
  await qi.addIndex('outbox_messages', ['status', 'createdAt'], { name: 'outbox_status_created' })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  for (const table of [
    'outbox_messages',
    'role_grants',
    'role_permissions',
    'permissions',
    'roles',
    'rooms',
    'brands',
    'users',
  ]) {
    await qi.dropTable(table)
  }
}
