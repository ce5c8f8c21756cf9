// What the edge's bots (the recorder, the live streamer) take from a meeting: one audio and one
// video stream, chosen when they start: the microphone of the primary speaker (else the active
// speaker, else the first person with a microphone), and the shared screen if someone shares, else
// that same speaker's camera (else the first camera). A recording copies them as sent (no
// re-encoding, so it costs the edge almost no CPU); a live stream re-encodes only these two.
// Mixing everyone's audio (ffmpeg's amix) would need decoding and encoding every voice, and an
// input that goes silent (a muted microphone sends no RTP) stalls amix; following the speaker would
// need a new file or a re-encode at each change. Both are left for later; the README says so.
import type { types } from 'mediasoup'
import type { Meeting } from './meeting'
import { connectedPeers } from './peer'

/** The microphone and the picture (see the header): at most one of each. */
export function meetingMedia(meeting: Meeting): types.Producer[] {
  const people = connectedPeers(meeting.peers.values())
  const speaker = meeting.peers.get(meeting.primarySpeakerId ?? meeting.activeSpeakerId ?? '')
  const ordered = speaker?.connected ? [speaker, ...people.filter((peer) => peer !== speaker)] : people
  const first = (source: 'mic' | 'webcam') => ordered.map((peer) => peer.producerOf(source)).find((producer) => producer && !producer.closed)
  const screen = meeting.screenShareId ? meeting.peers.get(meeting.screenShareId)?.producerOf('screen') : undefined
  return [first('mic'), screen ?? first('webcam')].filter((producer): producer is NonNullable<typeof producer> => producer !== undefined)
}
