// Once per run of the integration tests: one database migrated to the latest schema, which each
// test file then copies (setup.ts). Migrating takes seconds, and there are more than a hundred files.
import type { TestProject } from 'vitest/node'
import { connect } from '#models/db'
import { migrateUp } from '#models/migrator'
import { createTestDatabase, describeTemplate, type DatabaseTemplate } from '../support/test-database'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate
  }
}

export default async function setup(project: TestProject) {
  const template = await createTestDatabase()
  const sequelize = connect(template.url)
  try {
    await migrateUp(sequelize)
  } finally {
    await sequelize.close()
  }
  project.provide('databaseTemplate', await describeTemplate(template.url))
  return () => template.drop()
}
