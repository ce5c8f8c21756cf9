// The direction of imports (docs/decisions/0001-layout-by-concern.md): each rule names the files it
// governs and what they may not import, and a failure lists every offending import.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../../..')
const ALIASES: Record<string, string> = {
  '#app/': 'app/',
  '#models/': 'models/',
  '#edge/': 'media-edge/',
  '#locales/': 'locales/',
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(join(ROOT, path)).isDirectory())
      return name === 'node_modules' || name === 'build' ? [] : sourceFiles(path)
    return /\.(ts|tsx|mjs)$/.test(name) ? [path] : []
  })
}

/**
 * Every module a file imports, as a path from the repository root (packages as `pkg:<name>`).
 * Type-only imports are left out: they are erased before any code runs or ships.
 */
function importsOf(file: string): string[] {
  const source = readFileSync(join(ROOT, file), 'utf8').replace(
    /(?:^|\n)\s*(?:import|export) type [^;]*?from\s*['"][^'"]+['"]/g,
    '',
  )
  const specifiers = [
    ...source.matchAll(
      /(?:^|\n)\s*(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g,
    ),
  ].map((match) => match[1] ?? match[2] ?? match[3]!)
  return specifiers.map((specifier) => {
    const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix))
    if (alias) return ALIASES[alias] + specifier.slice(alias.length)
    if (specifier.startsWith('.')) return relative(ROOT, resolve(join(ROOT, dirname(file)), specifier))
    return `pkg:${specifier}`
  })
}

type Rule = { files: (file: string) => boolean; forbidden: (target: string, file: string) => boolean }

function offences({ files, forbidden }: Rule, roots: string[]): string[] {
  return roots
    .flatMap(sourceFiles)
    .filter(files)
    .flatMap((file) =>
      importsOf(file)
        .filter((target) => forbidden(target, file))
        .map((target) => `${file} → ${target}`),
    )
}

const isServerModule = (target: string) =>
  /\.server(\.tsx?)?$/.test(target) || target.startsWith('models/') || target.startsWith('pkg:node:')
const routeOf = (path: string) => path.match(/^app\/routes\/([^/]+?)(?:\/|\.tsx?$|$)/)?.[1] ?? null

describe('import rules', () => {
  it('models/ imports neither the web app nor the edge', () => {
    expect(
      offences(
        { files: () => true, forbidden: (target) => target.startsWith('app/') || target.startsWith('media-edge/') },
        ['models'],
      ),
    ).toEqual([])
  })

  it('the web app reaches the edge only through media-edge/contract/', () => {
    const rule: Rule = {
      files: () => true,
      forbidden: (target) => target.startsWith('media-edge/') && !target.startsWith('media-edge/contract/'),
    }
    expect(offences(rule, ['app'])).toEqual([])
  })

  it('the edge never imports the web app', () => {
    expect(offences({ files: () => true, forbidden: (target) => target.startsWith('app/') }, ['media-edge'])).toEqual(
      [],
    )
  })

  it('the edge contract stands alone: it imports nothing else of the edge', () => {
    const rule: Rule = {
      files: (file) => file.startsWith('media-edge/contract/'),
      forbidden: (target) => target.startsWith('media-edge/') && !target.startsWith('media-edge/contract/'),
    }
    expect(offences(rule, ['media-edge'])).toEqual([])
  })

  it('no lower layer imports a route', () => {
    expect(
      offences({ files: () => true, forbidden: (target) => target.startsWith('app/routes/') }, [
        'app/lib',
        'app/components',
        'app/meeting',
        'models',
      ]),
    ).toEqual([])
  })

  it('a route never imports another route', () => {
    const rule: Rule = {
      files: () => true,
      forbidden: (target, file) => target.startsWith('app/routes/') && routeOf(target) !== routeOf(file),
    }
    expect(offences(rule, ['app/routes'])).toEqual([])
  })

  it('browser code imports no server module: the meeting runtime, components and browser-safe lib modules', () => {
    const rule: Rule = {
      files: (file) => !/\.server\.tsx?$/.test(file),
      forbidden: (target) => isServerModule(target) && !target.startsWith('pkg:'),
    }
    expect(offences(rule, ['app/meeting', 'app/components', 'app/lib'])).toEqual([])
  })
})
