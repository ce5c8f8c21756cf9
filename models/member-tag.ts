import {
  DataTypes,
  Model,
  Op,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
  type Transaction,
} from 'sequelize'
import { BrandTag } from './brand-tag'
import { newId } from './ids'

/** A tag on a member of a community. */
export class MemberTag extends Model<InferAttributes<MemberTag>, InferCreationAttributes<MemberTag>> {
  declare id: CreationOptional<string>
  declare brandId: string
  declare userId: string
  declare tagId: string
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    MemberTag.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        brandId: { type: DataTypes.STRING(36), allowNull: false },
        userId: { type: DataTypes.STRING(36), allowNull: false },
        tagId: { type: DataTypes.STRING(36), allowNull: false },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'member_tags', modelName: 'MemberTag' },
    )
  }
}

/**
 * The condition for tags that can still be given: not archived, and not expired at `now`.
 * An expired or archived tag stays on whoever has it, but nobody new gets it.
 */
export function liveTagWhere(now = new Date()) {
  return { archivedAt: null, [Op.or]: [{ expiresAt: null }, { expiresAt: { [Op.gt]: now } }] }
}

/**
 * Gives a new member the community's tags marked "assign to new members".
 * Called by addMember (models/members.ts) when it creates a membership, so every way people join
 * (registration, sign-up, imports, the member wizard) applies it once.
 */
export async function assignNewMemberTags(brandId: string, userId: string, transaction?: Transaction): Promise<void> {
  const tags = await BrandTag.findAll({
    attributes: ['id'],
    where: { brandId, newMembers: true, ...liveTagWhere() },
    transaction,
  })
  for (const tag of tags)
    await MemberTag.findOrCreate({
      where: { userId, tagId: tag.id },
      defaults: { brandId, userId, tagId: tag.id },
      transaction,
    })
}
