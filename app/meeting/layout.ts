import { ASPECT_RATIO, PEERS_MAX, PEER_MIN_SIZE_PX, TILE_GAP_PX } from './constants'

export type TileLayout = {
  columns: number
  rows: number
  tileWidth: number
  tileHeight: number
  /** How many tiles fit on screen; the rest are summed up as "+N". */
  shown: number
  hidden: number
}

/** The biggest 16:9 tiles that fit `count` of them into the area: tries every column count. */
function bestGrid(width: number, height: number, count: number, gap: number) {
  let best = { columns: 1, rows: count, tileWidth: 0 }
  for (let columns = 1; columns <= count; columns++) {
    const rows = Math.ceil(count / columns)
    const byWidth = (width - gap * (columns - 1)) / columns
    const byHeight = ((height - gap * (rows - 1)) / rows) * ASPECT_RATIO
    const tileWidth = Math.floor(Math.min(byWidth, byHeight))
    if (tileWidth > best.tileWidth) best = { columns, rows, tileWidth }
  }
  return best
}

/**
 * The tiles view: at most 16 peers (peersMax), each tile at least 160 px wide (peersMinSize)
 * while more than one is shown; peers that do not fit are counted in `hidden`.
 */
export function tileLayout(
  width: number,
  height: number,
  count: number,
  { max = PEERS_MAX, minSize = PEER_MIN_SIZE_PX, gap = TILE_GAP_PX } = {},
): TileLayout {
  if (count <= 0 || width <= 0 || height <= 0)
    return { columns: 0, rows: 0, tileWidth: 0, tileHeight: 0, shown: 0, hidden: Math.max(0, count) }
  let shown = Math.min(count, max)
  let grid = bestGrid(width, height, shown, gap)
  while (shown > 1 && grid.tileWidth < minSize) {
    shown--
    grid = bestGrid(width, height, shown, gap)
  }
  return {
    columns: grid.columns,
    rows: grid.rows,
    tileWidth: grid.tileWidth,
    tileHeight: Math.floor(grid.tileWidth / ASPECT_RATIO),
    shown,
    hidden: count - shown,
  }
}
