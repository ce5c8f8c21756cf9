// The few lines backup and restore print: what the backup holds, by part, and how long it took.
import { AREAS, areaOf, type Manifest } from './manifest'

const UNITS = ['bytes', 'kB', 'MB', 'GB', 'TB']

export function formatBytes(bytes: number) {
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000
    unit += 1
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${UNITS[unit]}`
}

const plural = (count: number, word: string) => `${count.toLocaleString('en')} ${word}${count === 1 ? '' : 's'}`

/** One line for the database, one per area of files, one for everything: figures from the manifest. */
export function describeManifest(manifest: Manifest): string[] {
  const { database, files } = manifest
  const counts = Object.values(database.tables)
  const dump = files.find((entry) => entry.path === database.file)
  const lines = [
    `  database  ${database.dialect}, ${plural(counts.length, 'table')}, ${plural(
      counts.reduce((sum, rows) => sum + rows, 0),
      'row',
    )}, last migration ${database.lastMigration ?? 'none'} (${database.file}, ${formatBytes(dump?.size ?? 0)})`,
  ]
  for (const area of AREAS) {
    const mine = files.filter((entry) => areaOf(entry.path) === area)
    const bytes = mine.reduce((sum, entry) => sum + entry.size, 0)
    lines.push(`  ${area.padEnd(8)}  ${plural(mine.length, 'file')}, ${formatBytes(bytes)}`)
  }
  const total = files.reduce((sum, entry) => sum + entry.size, 0)
  lines.push(`  in all    ${plural(files.length, 'file')}, ${formatBytes(total)}`)
  if (manifest.bucket) {
    const { name, prefix, objects } = manifest.bucket
    const bytes = objects.reduce((sum, object) => sum + object.size, 0)
    lines.push(
      `  bucket    ${name}${prefix ? `/${prefix}` : ''}: ${plural(objects.length, 'object')}, ${formatBytes(bytes)} (listed; the store keeps them)`,
    )
  }
  return lines
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
