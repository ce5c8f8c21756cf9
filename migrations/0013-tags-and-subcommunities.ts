import { DataTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

// Tags and subcommunities.
// A tag belongs to one community; groups (rooms) and members carry tags through link tables, so a
// deleted tag or room takes its links with it. A subcommunity is a title, a description and the
// groups assigned to it (a link table too: a group may sit in several subcommunities).
const id = () => ({ type: DataTypes.STRING(36), primaryKey: true, allowNull: false })
const ref = (model: string) => ({
  type: DataTypes.STRING(36),
  allowNull: false,
  references: { model, key: 'id' },
  onDelete: 'CASCADE',
})
const stamps = () => ({
  createdAt: { type: DataTypes.DATE, allowNull: false },
  updatedAt: { type: DataTypes.DATE, allowNull: false },
})

export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.createTable('brand_tags', {
    id: id(),
    brandId: ref('brands'),
    label: { type: DataTypes.STRING(255), allowNull: false },
    description: { type: DataTypes.TEXT, allowNull: true },
    newMembers: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    newGroups: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    // Null: never expires.
    expiresAt: { type: DataTypes.DATE, allowNull: true },
    // Null: not archived.
    archivedAt: { type: DataTypes.DATE, allowNull: true },
    ...stamps(),
  })
  await qi.addIndex('brand_tags', ['brandId'], { name: 'brand_tags_brand' })

  await qi.createTable('room_tags', { id: id(), roomId: ref('rooms'), tagId: ref('brand_tags'), ...stamps() })
  await qi.addIndex('room_tags', ['roomId', 'tagId'], { unique: true, name: 'room_tags_unique' })
  await qi.addIndex('room_tags', ['tagId'], { name: 'room_tags_tag' })

  await qi.createTable('member_tags', {
    id: id(),
    brandId: ref('brands'),
    userId: ref('users'),
    tagId: ref('brand_tags'),
    ...stamps(),
  })
  await qi.addIndex('member_tags', ['userId', 'tagId'], { unique: true, name: 'member_tags_unique' })
  await qi.addIndex('member_tags', ['tagId'], { name: 'member_tags_tag' })

  await qi.createTable('subcommunities', {
    id: id(),
    brandId: ref('brands'),
    title: { type: DataTypes.STRING(255), allowNull: false },
    description: { type: DataTypes.TEXT, allowNull: true },
    ...stamps(),
  })
  await qi.addIndex('subcommunities', ['brandId'], { name: 'subcommunities_brand' })

  await qi.createTable('subcommunity_rooms', {
    id: id(),
    subcommunityId: ref('subcommunities'),
    roomId: ref('rooms'),
    ...stamps(),
  })
  await qi.addIndex('subcommunity_rooms', ['subcommunityId', 'roomId'], {
    unique: true,
    name: 'subcommunity_rooms_unique',
  })
  await qi.addIndex('subcommunity_rooms', ['roomId'], { name: 'subcommunity_rooms_room' })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.dropTable('subcommunity_rooms')
  await qi.dropTable('subcommunities')
  await qi.dropTable('member_tags')
  await qi.dropTable('room_tags')
  await qi.dropTable('brand_tags')
}
