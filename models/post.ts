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
 * A post's state: published; a draft or a scheduled post (with draftPostTime); held for
 * moderation (its score reached the community's toxicity threshold: app/lib/moderation) until a
 * moderator approves it (published) or rejects it (rejected, never shown but to its author).
 * Deleted is a separate flag, as in the product's Post fields.
 */
export const POST_STATUSES = ['published', 'draft', 'scheduled', 'held', 'rejected'] as const
export type PostStatus = (typeof POST_STATUSES)[number]

/** A post in a room's feed; a comment's parent is a post, a reply's parent is a comment. */
export class Post extends Model<InferAttributes<Post>, InferCreationAttributes<Post>> {
  declare id: CreationOptional<string>
  declare brandId: string
  declare contextRoomId: string
  declare parentPostId: CreationOptional<string | null>
  declare authorId: string
  /** Sanitised HTML (app/lib/posts/sanitize.server.ts): never stored as typed. */
  declare message: CreationOptional<string | null>
  declare fileUrls: CreationOptional<string[]>
  declare videoUrl: CreationOptional<string | null>
  declare videoThumbnailUrl: CreationOptional<string | null>
  declare status: CreationOptional<PostStatus>
  declare draftPostTime: CreationOptional<Date | null>
  declare sendNotification: CreationOptional<boolean>
  declare pinned: CreationOptional<boolean>
  declare promoted: CreationOptional<boolean>
  declare promotedBy: CreationOptional<string | null>
  declare deleted: CreationOptional<boolean>
  /** The toxicity score (0–100) the post was given when moderation was on; null when it was not scored. */
  declare moderationScore: CreationOptional<number | null>
  /** Who approved or rejected a held post, and when. */
  declare reviewedBy: CreationOptional<string | null>
  declare reviewedAt: CreationOptional<Date | null>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    Post.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        brandId: { type: DataTypes.STRING(36), allowNull: false },
        contextRoomId: { type: DataTypes.STRING(36), allowNull: false },
        parentPostId: { type: DataTypes.STRING(36), allowNull: true },
        authorId: { type: DataTypes.STRING(36), allowNull: false },
        message: { type: DataTypes.TEXT, allowNull: true },
        fileUrls: jsonColumn('fileUrls', { defaults: () => [] as string[] }),
        videoUrl: { type: DataTypes.STRING(2048), allowNull: true },
        videoThumbnailUrl: { type: DataTypes.STRING(2048), allowNull: true },
        status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'published' },
        draftPostTime: { type: DataTypes.DATE(3), allowNull: true },
        sendNotification: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        pinned: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        promoted: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        promotedBy: { type: DataTypes.STRING(36), allowNull: true },
        deleted: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        moderationScore: { type: DataTypes.INTEGER, allowNull: true },
        reviewedBy: { type: DataTypes.STRING(36), allowNull: true },
        reviewedAt: { type: DataTypes.DATE(3), allowNull: true },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'posts', modelName: 'Post' },
    )
  }
}
