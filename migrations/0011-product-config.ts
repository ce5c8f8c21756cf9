import { DataTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

// The admin panel. The rooms table already has the directory columns (enabledInDirectory,
// visibleInDirectory, pinnedInDirectory, since 0001), so the directory page needs no new column;
// what is new is the product config (allowed developer emails, the fallback developer email,
// queueing new personal rooms, content moderation): one row for the whole install, its lists and
// moderation settings as JSON (read through models/json.ts).
export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.createTable('product_config', {
    // Always 1: a single row, so two writers can never make a second one.
    id: { type: DataTypes.INTEGER, primaryKey: true, allowNull: false },
    allowedDevEmailAddresses: { type: DataTypes.JSON, allowNull: true },
    fallbackDevEmailAddress: { type: DataTypes.STRING, allowNull: true },
    queueNewPersonalRooms: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    contentModeration: { type: DataTypes.JSON, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.dropTable('product_config')
}
