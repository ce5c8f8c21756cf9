import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// Each stylesheet reaches pages only through app/styles/stylesheets.ts and a layout's `links`: a
// sheet left out of either is CSS that no page gets (the build does not say so).
const APP = join(import.meta.dirname, '../../../../app')
const registry = readFileSync(join(APP, 'styles/stylesheets.ts'), 'utf8')
const routeSources = [join(APP, 'root.tsx'), ...walk(join(APP, 'routes'))].map((file) => readFileSync(file, 'utf8'))

function walk(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(directory, entry.name)) : [join(directory, entry.name)],
  )
}

describe('stylesheets', () => {
  for (const sheet of readdirSync(join(APP, 'styles')).filter((name) => name.endsWith('.css')))
    it(`${sheet} is registered in stylesheets.ts`, () => {
      expect(registry).toContain(`from './${sheet}'`)
    })

  for (const [, name] of registry.matchAll(/^export const (\w+Styles) = /gm))
    it(`${name} is linked by a layout`, () => {
      const linking = routeSources.filter((source) =>
        new RegExp(`export const links = ${name}\\b|\\.\\.\\.${name}\\(\\)`).test(source),
      )
      expect(linking.length).toBeGreaterThan(0)
    })
})
