import { PREFERRED_LAYER_SCALE, SMALL_SCREEN_MAX_LAYER, SMALL_SCREEN_MAX_WIDTH_PX } from './constants'

/**
 * The spatial layer a receiver asks for: the smallest layer at least as wide as 0.75 of the tile
 * (a slightly soft picture costs less than a sharp one nobody sees), capped at layer 1 on small
 * screens. `layerWidths` are the sender's layers, lowest first (from its widest capture width).
 */
export function preferredSpatialLayer({
  tileWidth,
  devicePixelRatio = 1,
  screenWidth,
  layerWidths,
}: {
  tileWidth: number
  devicePixelRatio?: number
  screenWidth: number
  layerWidths: number[]
}): number {
  const top = Math.max(0, layerWidths.length - 1)
  const needed = tileWidth * devicePixelRatio * PREFERRED_LAYER_SCALE
  let layer = layerWidths.findIndex((width) => width >= needed)
  if (layer === -1) layer = top
  if (screenWidth <= SMALL_SCREEN_MAX_WIDTH_PX) layer = Math.min(layer, SMALL_SCREEN_MAX_LAYER)
  return Math.min(layer, top)
}

/** The widths of a 1280-wide webcam's three simulcast layers, the usual case (see encodings.ts). */
export const WEBCAM_LAYER_WIDTHS = [320, 640, 1280]
