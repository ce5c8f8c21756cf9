import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize'
import { newId } from './ids'

/** A subcommunity: a title, a description, and the groups assigned to it (SubcommunityRoom). */
export class Subcommunity extends Model<InferAttributes<Subcommunity>, InferCreationAttributes<Subcommunity>> {
  declare id: CreationOptional<string>
  declare brandId: string
  declare title: string
  declare description: CreationOptional<string | null>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    Subcommunity.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        brandId: { type: DataTypes.STRING(36), allowNull: false },
        title: { type: DataTypes.STRING(255), allowNull: false },
        description: { type: DataTypes.TEXT, allowNull: true },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'subcommunities', modelName: 'Subcommunity' },
    )
  }
}

/** A group assigned to a subcommunity. */
export class SubcommunityRoom extends Model<
  InferAttributes<SubcommunityRoom>,
  InferCreationAttributes<SubcommunityRoom>
> {
  declare id: CreationOptional<string>
  declare subcommunityId: string
  declare roomId: string
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    SubcommunityRoom.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        subcommunityId: { type: DataTypes.STRING(36), allowNull: false },
        roomId: { type: DataTypes.STRING(36), allowNull: false },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'subcommunity_rooms', modelName: 'SubcommunityRoom' },
    )
  }
}
