import { openDatabase } from '#models/index'
import { env } from './env.server'

// One database for the process. entry.server imports this module, so the models are bound before
// any loader runs; the first query opens the connection. Everything else reaches the models one way,
// from '#models/index' (server modules only: the lint's import rules keep models out of the browser).
export const db = openDatabase(env.DATABASE_URL)
