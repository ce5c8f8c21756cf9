// The derived peer sets, read from the meeting state.
import type { MeetingState, PeerState } from './state'

/** Connected peers exclude live-stream, recorder and component peers (meeting bots and embeds). */
export function connectedPeers(state: Pick<MeetingState, 'peers'>): PeerState[] {
  return Object.values(state.peers).filter((peer) => !peer.isLive && !peer.isRecorder && !peer.component)
}

/** The peers in the meeting itself (entered, not just looking at the home view). */
export function visiblePeers(state: Pick<MeetingState, 'peers'>): PeerState[] {
  return connectedPeers(state).filter((peer) => peer.visible)
}

export function recordingActive(state: Pick<MeetingState, 'peers'>): boolean {
  return Object.values(state.peers).some((peer) => peer.isRecorder)
}

/** The host is connected when I am the host or a peer carries the host's user id. */
export function hostConnected(state: Pick<MeetingState, 'peers' | 'me' | 'hostId'>): boolean {
  if (state.me.isHost) return true
  return state.hostId !== null && Object.values(state.peers).some((peer) => peer.userId === state.hostId)
}

export function callerPeers(state: Pick<MeetingState, 'peers'>): PeerState[] {
  return Object.values(state.peers).filter((peer) => peer.calling?.status === 'calling')
}

/** Everyone in the meeting, me included when I am in: the embedding page's participant count. */
export function participantCount(state: Pick<MeetingState, 'peers' | 'me'>): number {
  return visiblePeers(state).length + (state.me.visible ? 1 : 0)
}

/**
 * Who gets the stage in the primary-speaker view: the pinned peer, else the recorded primary
 * speaker, else the active speaker, else the first other peer; null when I am alone.
 */
export function stagePeerId(
  state: Pick<MeetingState, 'peers' | 'primarySpeakerId' | 'activeSpeakerId'>,
): string | null {
  const peers = visiblePeers(state)
  const present = (id: string | null) => (id && peers.some((peer) => peer.id === id) ? id : null)
  return (
    peers.find((peer) => peer.pinned)?.id ??
    present(state.primarySpeakerId) ??
    present(state.activeSpeakerId) ??
    peers[0]?.id ??
    null
  )
}
