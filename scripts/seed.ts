// npm run seed: the demo community, with the accounts to sign in with.
import { env } from '#app/lib/platform/env.server'
import { openDatabase } from '#models/index'
import { migrateUp } from '#models/migrator'
import { DEMO_ACCOUNTS, DEMO_BRAND_SLUG, seedDemo } from '#models/seed'

const sequelize = openDatabase(env.DATABASE_URL)
try {
  await migrateUp(sequelize)
  const { created } = await seedDemo()
  const base = `http://localhost:${env.PORT}`
  console.log(created ? 'Seeded the demo community.' : 'The demo community is already there.')
  console.log(`\n  Community:  ${base}/${DEMO_BRAND_SLUG}`)
  console.log(
    `  Accounts:   ${DEMO_ACCOUNTS.map((a) => `${a.emailAddress} (${a.role.replace('community-', '')})`).join('\n              ')}`,
  )
  console.log(
    `  Sign in at ${base}/sign-in with one of them; the code arrives in the developer console at ${base}/dev.\n`,
  )
} finally {
  await sequelize.close()
}
