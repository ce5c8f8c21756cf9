// Plain-text tables for the terminal. Figures are printed for people to judge, never asserted.

export function kb(bytes) {
  return bytes === null || bytes === undefined ? '-' : (bytes / 1024).toFixed(1)
}

export function ms(value) {
  return value === null || value === undefined ? '-' : value.toFixed(2)
}

export function verdict(ok) {
  return ok ? 'OK' : 'MISSED'
}

/** Columns are right-aligned except the first, which names the row. */
export function table(headers, rows) {
  const cells = [headers, ...rows].map((row) => row.map((cell) => String(cell ?? '-')))
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => row[column].length)))
  const line = (row) =>
    row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ')
  const rule = widths.map((width) => '-'.repeat(width)).join('  ')
  return [line(cells[0]), rule, ...cells.slice(1).map(line)].join('\n')
}

export function heading(title) {
  console.log(`\n== ${title} ==`)
}
