// Events for a page that embeds the meeting (docs/admin-guide.md#embedding-a-room): room joining on connecting, room
// left on closed, room joined when I become visible, participant events with the count. Sent only
// inside a frame, and only to the embedding page's own origin.
import { postToEmbedder } from '#app/lib/embedding/embedder'

export type EmbeddingEvent =
  | { event: 'roomJoining' }
  | { event: 'roomJoined' }
  | { event: 'roomLeft' }
  | { event: 'participantJoined'; participants: number }
  | { event: 'participantLeft'; participants: number }

export function notifyEmbedder(room: string, message: EmbeddingEvent) {
  postToEmbedder({ type: 'hearth:room', room, ...message })
}
