import { DataTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

// Connections, blocks and mutes, room follows.
// A connection is two rows, one per side, each from its owner's point of view (the API's
// connectedUserId, favorite and postNotifications are one person's view of the other): the
// requester's row says "requested", the recipient's "pending"; accept turns both to "accepted",
// reject both to "rejected". Blocks and mutes are one row per person and kind, within a community.
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
  await qi.createTable('user_connections', {
    id: id(),
    brandId: ref('brands'),
    userId: ref('users'),
    connectedUserId: ref('users'),
    status: { type: DataTypes.STRING(16), allowNull: false },
    favorite: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    postNotifications: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    ...stamps(),
  })
  await qi.addIndex('user_connections', ['brandId', 'userId', 'connectedUserId'], {
    unique: true,
    name: 'user_connections_pair',
  })
  await qi.addIndex('user_connections', ['connectedUserId'], { name: 'user_connections_connected' })

  await qi.createTable('user_blocks', {
    id: id(),
    brandId: ref('brands'),
    userId: ref('users'),
    targetUserId: ref('users'),
    // 'block' or 'mute'.
    kind: { type: DataTypes.STRING(8), allowNull: false },
    ...stamps(),
  })
  await qi.addIndex('user_blocks', ['brandId', 'userId', 'targetUserId', 'kind'], {
    unique: true,
    name: 'user_blocks_unique',
  })
  await qi.addIndex('user_blocks', ['targetUserId'], { name: 'user_blocks_target' })

  await qi.createTable('room_follows', {
    id: id(),
    userId: ref('users'),
    roomId: ref('rooms'),
    postNotifications: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    ...stamps(),
  })
  await qi.addIndex('room_follows', ['roomId', 'userId'], { unique: true, name: 'room_follows_unique' })
  await qi.addIndex('room_follows', ['userId'], { name: 'room_follows_user' })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.dropTable('room_follows')
  await qi.dropTable('user_blocks')
  await qi.dropTable('user_connections')
}
