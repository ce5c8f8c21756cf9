import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { QueryInterface, Sequelize } from 'sequelize'
import { SequelizeStorage, Umzug } from 'umzug'

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations')

/** Umzug over migrations/NNNN-name.ts, recording what ran in the SequelizeMeta table. */
export function migrator(sequelize: Sequelize) {
  return new Umzug<QueryInterface>({
    migrations: {
      glob: ['[0-9]*.ts', { cwd: migrationsDir }],
      // import() rather than umzug's default require: migrations are ES modules in TypeScript.
      resolve: ({ name, path }) => ({
        name,
        up: async (params) => (await import(pathToFileURL(path!).href)).up(params),
        down: async (params) => (await import(pathToFileURL(path!).href)).down(params),
      }),
    },
    context: sequelize.getQueryInterface(),
    storage: new SequelizeStorage({ sequelize }),
    logger: undefined,
  })
}

export async function migrateUp(sequelize: Sequelize) {
  return migrator(sequelize).up()
}
