// npm run migrate: applies every pending migration in migrations/ to DATABASE_URL.
import { env } from '#app/lib/platform/env.server'
import { openDatabase } from '#models/index'
import { migrateUp } from '#models/migrator'

const sequelize = openDatabase(env.DATABASE_URL)
try {
  const applied = await migrateUp(sequelize)
  console.log(applied.length ? `Applied ${applied.map((m) => m.name).join(', ')}` : 'The database is up to date.')
} finally {
  await sequelize.close()
}
