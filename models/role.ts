import {
  DataTypes,
  Model,
  type CreationOptional,
  type ForeignKey,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize'
import { newId } from './ids'

export class Role extends Model<InferAttributes<Role>, InferCreationAttributes<Role>> {
  declare id: CreationOptional<string>
  declare slug: string
  declare name: string
  declare permissions?: NonAttribute<Permission[]>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>
}

export class Permission extends Model<InferAttributes<Permission>, InferCreationAttributes<Permission>> {
  declare id: CreationOptional<string>
  declare slug: string
  declare name: string
  declare description: CreationOptional<string | null>
  declare parentId: CreationOptional<string | null>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>
}

/**
 * A role held by a user in one community. A member may hold several, granted or revoked per brand.
 * A grant that names a room applies in that room only (a personal room's host, a room's co-host); one
 * with no room applies community-wide, as an admin grants it.
 */
export class RoleGrant extends Model<InferAttributes<RoleGrant>, InferCreationAttributes<RoleGrant>> {
  declare id: CreationOptional<string>
  declare userId: ForeignKey<string>
  declare roleId: ForeignKey<string>
  declare brandId: ForeignKey<string>
  declare roomId: CreationOptional<string | null>
  declare role?: NonAttribute<Role>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>
}

export function initialiseRoles(sequelize: Sequelize) {
  // A fresh object per attribute: Sequelize writes into attribute definitions.
  const id = () => ({ type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId })
  Role.init(
    { id: id(), slug: DataTypes.STRING, name: DataTypes.STRING, createdAt: DataTypes.DATE, updatedAt: DataTypes.DATE },
    { sequelize, tableName: 'roles', modelName: 'Role' },
  )
  Permission.init(
    {
      id: id(),
      slug: DataTypes.STRING,
      name: DataTypes.STRING,
      description: DataTypes.STRING,
      parentId: DataTypes.STRING(36),
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'permissions', modelName: 'Permission' },
  )
  RoleGrant.init(
    {
      id: id(),
      roomId: { type: DataTypes.STRING(36), allowNull: true },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'role_grants', modelName: 'RoleGrant' },
  )
  Role.belongsToMany(Permission, {
    through: 'role_permissions',
    foreignKey: 'roleId',
    otherKey: 'permissionId',
    as: 'permissions',
    timestamps: false,
  })
}
