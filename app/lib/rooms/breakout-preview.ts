import { z } from 'zod'

/**
 * A room's breakout preview (the spec's breakoutPreview and breakoutPreviewTimer): when it is on, someone a host
 * moves into or out of a breakout room first sees where they are going, counting down this many seconds, before
 * the move happens; when it is off, the move follows after a second (AUTO_ENTER_DELAY_MS).
 */
export const BREAKOUT_PREVIEW_SECONDS = { min: 3, max: 60, default: 10 } as const

const seconds = 'common:breakoutPreview.secondsInvalid'

/** Its two fields, as a group's preferences and a personal room's settings take them. */
export const breakoutPreviewFields = {
  breakoutPreview: z.boolean({ invalid_type_error: 'common:breakoutPreview.invalid' }).default(false),
  breakoutPreviewSeconds: z.coerce
    .number({ invalid_type_error: seconds })
    .int(seconds)
    .min(BREAKOUT_PREVIEW_SECONDS.min, seconds)
    .max(BREAKOUT_PREVIEW_SECONDS.max, seconds)
    .default(BREAKOUT_PREVIEW_SECONDS.default),
}

/** The form's values as the room keeps them. */
export const breakoutPreviewValues = (room: { breakoutPreview: boolean; breakoutPreviewTimer: number | null }) => ({
  breakoutPreview: room.breakoutPreview,
  breakoutPreviewSeconds: room.breakoutPreviewTimer ?? BREAKOUT_PREVIEW_SECONDS.default,
})

/** The room's columns from the form's values. */
export const breakoutPreviewColumns = (value: { breakoutPreview: boolean; breakoutPreviewSeconds: number }) => ({
  breakoutPreview: value.breakoutPreview,
  breakoutPreviewTimer: value.breakoutPreviewSeconds,
})

/** The meeting's wait before a breakout move, in milliseconds; null: the short default. */
export function breakoutPreviewMs(room: { breakoutPreview: boolean; breakoutPreviewTimer: number | null }) {
  const { breakoutPreview, breakoutPreviewSeconds } = breakoutPreviewValues(room)
  return breakoutPreview ? breakoutPreviewSeconds * 1000 : null
}
