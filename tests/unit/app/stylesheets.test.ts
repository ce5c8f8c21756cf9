import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// A merge once dropped the closing brace of a narrow-screen block in app.css: every rule after it
// then applied on phones only, and the build merely warned. Each block must close.
const STYLES = join(import.meta.dirname, '../../../app/styles')

describe('stylesheets', () => {
  for (const file of readdirSync(STYLES).filter((name) => name.endsWith('.css'))) {
    it(`${file} closes every block it opens`, () => {
      const css = readFileSync(join(STYLES, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/'[^']*'|"[^"]*"/g, '')
      let depth = 0
      for (const char of css) {
        if (char === '{') depth += 1
        if (char === '}') depth -= 1
        expect(depth, 'a } without its {').toBeGreaterThanOrEqual(0)
      }
      expect(depth, 'blocks left open').toBe(0)
    })
  }
})
