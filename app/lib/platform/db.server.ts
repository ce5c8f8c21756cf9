import { openDatabase } from '#models/index'
import { env } from './env.server'

// One database for the process. entry.server imports this module, so the models are bound before
// any loader runs; the first query opens the connection.
export const db = openDatabase(env.DATABASE_URL)

// Route modules import the models from here: a *.server module never reaches the browser bundle.
export * from '#models/index'
export { DEMO_BRAND_SLUG } from '#models/seed'
