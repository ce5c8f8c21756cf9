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
 * One person's reaction (an emoji) on a post; at most one of each per
 * person. `emoji` holds the reaction's name (app/lib/posts/post-rules.ts REACTIONS), not the character.
 */
export class PostReaction extends Model<InferAttributes<PostReaction>, InferCreationAttributes<PostReaction>> {
  declare id: CreationOptional<string>
  declare postId: string
  declare userId: string
  declare emoji: string
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    PostReaction.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        postId: { type: DataTypes.STRING(36), allowNull: false },
        userId: { type: DataTypes.STRING(36), allowNull: false },
        emoji: { type: DataTypes.STRING(16), allowNull: false },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'post_reactions', modelName: 'PostReaction' },
    )
  }
}
