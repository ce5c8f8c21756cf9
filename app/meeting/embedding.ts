// Events for a page that embeds the meeting (spec §2 Embedding): room joining on connecting, room
// left on closed, room joined when I become visible, participant events with the count. Sent only
// inside a frame, and only to the embedding page's own origin.

export type EmbeddingEvent =
  | { event: 'roomJoining' }
  | { event: 'roomJoined' }
  | { event: 'roomLeft' }
  | { event: 'participantJoined'; participants: number }
  | { event: 'participantLeft'; participants: number }

function embedderOrigin(): string | null {
  if (typeof window === 'undefined' || window.parent === window) return null
  const ancestors = (window.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins
  if (ancestors?.length) return ancestors[0] ?? null
  try {
    return document.referrer ? new URL(document.referrer).origin : null
  } catch {
    return null
  }
}

export function notifyEmbedder(room: string, message: EmbeddingEvent) {
  const origin = embedderOrigin()
  if (!origin) return
  window.parent.postMessage({ type: 'hearth:room', room, ...message }, origin)
}
