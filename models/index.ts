import type { Sequelize } from 'sequelize'
import { ApiToken } from './api-token'
import { CalendarFeed } from './calendar-feed'
import { Brand } from './brand'
import { connect } from './db'
import { AuthCode, MagicLink, RateLimit, Session, initialiseIdentity } from './identity'
import { Membership } from './membership'
import { MemberInvitation } from './member-invitation'
import {
  MeetingChatMessage,
  MeetingLog,
  MeetingPeer,
  MeetingRoom,
  MeetingTranscriptLine,
  initialiseMeetings,
} from './meeting'
import { OAuthAccount } from './oauth-account'
import { OutboxMessage } from './outbox'
import { ProductConfig } from './product-config'
import { Permission, Role, RoleGrant, initialiseRoles } from './role'
import { Room } from './room'
import { User } from './user'
import { BrandTag } from './brand-tag'
import { MemberTag } from './member-tag'
import { RoomTag } from './room-tag'
import { Subcommunity, SubcommunityRoom } from './subcommunity'
import { GroupJoinRequest } from './group-join-request'
import { UserConnection } from './connection'
import { UserBlock } from './block'
import { RoomFollow } from './room-follow'
import { Media } from './media'
import { Conversation, ConversationParticipant, initialiseConversations } from './conversation'
import { Message, MessageAttachment } from './message'
import { Post } from './post'
import { PostReaction } from './reaction'
import { CommunityEvent, EventRegistration, EventSlot, initialiseEvents } from './event'
import { FormDefinition, FormSubmission } from './form'
import { EventSeries } from './event-series'
import { Notification, NotificationSetting } from './notification'
import { RoomCall } from './call'

export {
  AuthCode,
  Brand,
  MagicLink,
  Membership,
  OAuthAccount,
  OutboxMessage,
  Permission,
  ProductConfig,
  RateLimit,
  Role,
  RoleGrant,
  Room,
  Session,
  User,
}
export { MeetingChatMessage, MeetingLog, MeetingPeer, MeetingRoom, MeetingTranscriptLine }
export { BrandTag, MemberTag, RoomTag, Subcommunity, SubcommunityRoom }
export { GroupJoinRequest }
export { MemberInvitation }
export { RoomFollow, UserBlock, UserConnection }
export { Media }
export { Conversation, ConversationParticipant, Message, MessageAttachment }
export { Post, PostReaction }
export { CommunityEvent, EventRegistration, EventSlot }
export { FormDefinition, FormSubmission }
export { EventSeries }
export { Notification, NotificationSetting }
export { RoomCall }
export { ApiToken }
export type { TokenScope } from './api-token'
export { CalendarFeed }

function initialise(sequelize: Sequelize) {
  User.initialise(sequelize)
  Brand.initialise(sequelize)
  Room.initialise(sequelize)
  OutboxMessage.initialise(sequelize)
  initialiseRoles(sequelize)
  initialiseIdentity(sequelize)
  initialiseMeetings(sequelize)
  OAuthAccount.initialise(sequelize)
  Membership.initialise(sequelize)
  ProductConfig.initialise(sequelize)
  BrandTag.initialise(sequelize)
  RoomTag.initialise(sequelize)
  MemberTag.initialise(sequelize)
  Subcommunity.initialise(sequelize)
  SubcommunityRoom.initialise(sequelize)

  Brand.hasMany(Room, { foreignKey: 'brandId', as: 'rooms' })
  Room.belongsTo(Brand, { foreignKey: 'brandId', as: 'brand' })
  Room.belongsTo(User, { foreignKey: 'hostId', as: 'host' })
  User.hasMany(RoleGrant, { foreignKey: 'userId', as: 'roleGrants' })
  RoleGrant.belongsTo(User, { foreignKey: 'userId', as: 'user' })
  RoleGrant.belongsTo(Role, { foreignKey: 'roleId', as: 'role' })
  RoleGrant.belongsTo(Brand, { foreignKey: 'brandId', as: 'brand' })
  MagicLink.belongsTo(User, { foreignKey: 'userId', as: 'user' })
  OAuthAccount.belongsTo(User, { foreignKey: 'userId', as: 'user' })
  Membership.belongsTo(User, { foreignKey: 'userId', as: 'user' })
  Membership.belongsTo(Brand, { foreignKey: 'brandId', as: 'brand' })
  User.hasMany(Membership, { foreignKey: 'userId', as: 'memberships' })
  MemberInvitation.initialise(sequelize)
  MemberInvitation.belongsTo(Brand, { foreignKey: 'brandId', as: 'brand' })
  MemberInvitation.belongsTo(User, { foreignKey: 'userId', as: 'user' })

  GroupJoinRequest.initialise(sequelize)
  GroupJoinRequest.belongsTo(User, { foreignKey: 'userId', as: 'user' })
  // The groups page reads its rows' tag labels in one query.
  RoomTag.belongsTo(BrandTag, { foreignKey: 'tagId', as: 'tag', constraints: false })

  UserConnection.initialise(sequelize)
  UserBlock.initialise(sequelize)
  RoomFollow.initialise(sequelize)
  UserConnection.belongsTo(User, { foreignKey: 'connectedUserId', as: 'connectedUser' })
  UserConnection.belongsTo(User, { foreignKey: 'userId', as: 'user' })
  UserBlock.belongsTo(User, { foreignKey: 'targetUserId', as: 'targetUser' })
  RoomFollow.belongsTo(Room, { foreignKey: 'roomId', as: 'room' })

  Media.initialise(sequelize)

  initialiseConversations(sequelize)

  Post.initialise(sequelize)
  PostReaction.initialise(sequelize)
  Post.belongsTo(User, { foreignKey: 'authorId', as: 'author' })

  initialiseEvents(sequelize)
  FormDefinition.initialise(sequelize)
  FormSubmission.initialise(sequelize)
  EventSeries.initialise(sequelize)
  Notification.initialise(sequelize)
  NotificationSetting.initialise(sequelize)
  RoomCall.initialise(sequelize)
  RoomCall.belongsTo(Room, { foreignKey: 'roomId', as: 'room' })
  ApiToken.initialise(sequelize)
  CalendarFeed.initialise(sequelize)
}

/**
 * Opens (lazily: the first query connects) the database a URL names and binds the models to it. A process holds one database:
 * the models are classes, bound to the connection opened last.
 */
export function openDatabase(url: string, options: Parameters<typeof connect>[1] = {}) {
  const sequelize = connect(url, options)
  initialise(sequelize)
  return sequelize
}
