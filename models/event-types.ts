/** Spec §4: "Events are either scripted (slots) or live." Pure, so the browser-safe schemas can read it too. */
export const EVENT_TYPES = ['scripted', 'live'] as const
export type EventType = (typeof EVENT_TYPES)[number]
