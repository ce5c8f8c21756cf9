// JavaScript a page costs the browser, from the Remix assets manifest and from the served HTML.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const MANIFEST_PREFIX = 'window.__remixManifest='

/**
 * The manifest of the build the server runs: build/version.txt names it. public/build can hold
 * an older one too, so the newest file is only the fallback.
 */
export function findManifestFile(root) {
  const dir = join(root, 'public/build')
  const versionFile = join(root, 'build/version.txt')
  if (existsSync(versionFile)) {
    const named = join(dir, `manifest-${readFileSync(versionFile, 'utf8').trim().toUpperCase()}.js`)
    if (existsSync(named)) return named
  }
  const candidates = readdirSync(dir)
    .filter((name) => /^manifest-.*\.js$/.test(name))
    .map((name) => join(dir, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
  if (candidates.length === 0) throw new Error(`no manifest-*.js in ${dir}`)
  return candidates[0]
}

/** The file assigns one JSON object literal (`window.__remixManifest={...};`): strip the assignment and parse. */
export function readManifest(file) {
  const source = readFileSync(file, 'utf8').trim()
  if (!source.startsWith(MANIFEST_PREFIX)) throw new Error(`${file} does not start with ${MANIFEST_PREFIX}`)
  return JSON.parse(source.slice(MANIFEST_PREFIX.length).replace(/;$/, ''))
}

/** Root first, leaf last, following parentId; bounded by the number of routes so a cycle cannot loop. */
export function routeChain(manifest, leafId) {
  const chain = []
  let id = leafId
  for (let hops = 0; id && hops <= Object.keys(manifest.routes).length; hops++) {
    const route = manifest.routes[id]
    if (!route) throw new Error(`route ${id} is not in the manifest`)
    chain.unshift(route)
    id = route.parentId
  }
  return chain
}

/** The framework's share of every page: the client entry (react-dom, the Remix runtime) and its chunks. */
export function baselineFiles(manifest) {
  return [manifest.entry.module, ...manifest.entry.imports]
}

export function pageFiles(manifest, leafId) {
  const routes = routeChain(manifest, leafId)
  return dedupe([...baselineFiles(manifest), ...routes.flatMap((route) => [route.module, ...(route.imports ?? [])])])
}

function dedupe(urls) {
  return [...new Set(urls)]
}

/** Each file travels on its own, so gzip is summed per file (default level, as compression() serves it). */
export function measureFiles(root, urls) {
  let raw = 0
  let gzip = 0
  for (const url of urls) {
    const content = readFileSync(join(root, 'public', url.split('?')[0]))
    raw += content.length
    gzip += gzipSync(content).length
  }
  return { files: urls.length, raw, gzip }
}

/**
 * What the document asks the browser for: <script src>, <link rel="modulepreload" href> and the
 * static imports of inline module scripts (Remix imports the route modules and the manifest there).
 */
export function scriptUrlsInHtml(html) {
  const urls = []
  for (const [, attributes] of html.matchAll(/<script\b([^>]*)>/gi)) urls.push(attribute(attributes, 'src'))
  for (const [, attributes] of html.matchAll(/<link\b([^>]*)>/gi)) {
    if (/^modulepreload$/i.test(attribute(attributes, 'rel') ?? '')) urls.push(attribute(attributes, 'href'))
  }
  for (const [, body] of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/gi)) {
    for (const [, specifier] of body.matchAll(/\bimport\s*(?:[^'"();]*?\bfrom\s*)?\(?\s*["']([^"']+)["']/g))
      urls.push(specifier)
  }
  return dedupe(urls.filter((url) => url && url.startsWith('/') && !url.startsWith('//')))
}

function attribute(attributes, name) {
  const match = attributes.match(new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'))
  return match ? (match[1] ?? match[2] ?? match[3]) : null
}

/** URLs the document loads that the manifest estimate leaves out, and the other way round. */
export function compareUrlSets(fromManifest, fromHtml) {
  const html = new Set(fromHtml)
  const manifest = new Set(fromManifest)
  return {
    onlyInHtml: fromHtml.filter((url) => !manifest.has(url)),
    onlyInManifest: fromManifest.filter((url) => !html.has(url)),
  }
}

export function gzipSize(text) {
  return gzipSync(text).length
}
