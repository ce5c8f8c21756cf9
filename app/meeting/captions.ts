// The caption lines on screen: each speaker's interim line is replaced as it grows and then by its
// final line; only the last few lines stay, like subtitles.
import type { Caption } from '#edge/contract/captions'

export const CAPTION_LINES_SHOWN = 3

export function addCaption(lines: Caption[], caption: Caption): Caption[] {
  const interimId = `interim:${caption.peerId}`
  const kept = lines.filter((line) => line.id !== interimId && line.id !== caption.id)
  return [...kept, caption].slice(-CAPTION_LINES_SHOWN)
}
