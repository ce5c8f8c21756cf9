// What the edge's bots (the recorder, the live streamer) take from a meeting: every voice of its
// main room, and one picture chosen when they start.
//
// Voices: every microphone, mixed (meeting-voices.ts), those produced, unmuted or brought back
// after the start included. ffmpeg's amix cannot do it: a muted (paused) mediasoup producer sends
// no RTP, and amix waits for every input, so one quiet microphone would stall the whole recording.
// The edge instead decodes each microphone to PCM (audio-tap.ts, as captions do) and sums them on
// its own wall clock (audio-mixer.ts), silence standing in for whoever sends nothing; the mix is
// encoded once (Opus in a recording, AAC live). Cost: one small ffmpeg per voice plus one encoder.
//
// Picture: the shared screen if someone shares, else the camera of the primary speaker (else the
// active speaker, else the first person with a camera). A recording copies it as sent (no
// re-encoding); a live stream re-encodes it. Following the speaker would need a new file or a
// re-encode at each change: start a new recording to change whose picture is kept.
import type { types } from 'mediasoup'
import type { Meeting } from './meeting'
import { connectedPeers } from './peer'

/** The picture (see the header), if there is one. */
export function meetingPicture(meeting: Meeting): types.Producer | undefined {
  const people = connectedPeers(meeting.peers.values())
  const speaker = meeting.peers.get(meeting.primarySpeakerId ?? meeting.activeSpeakerId ?? '')
  const ordered = speaker?.connected ? [speaker, ...people.filter((peer) => peer !== speaker)] : people
  const camera = ordered.map((peer) => peer.producerOf('webcam')).find((producer) => producer && !producer.closed)
  const screen = meeting.screenShareId ? meeting.peers.get(meeting.screenShareId)?.producerOf('screen') : undefined
  return screen && !screen.closed ? screen : camera
}

/** Whether there is anything to record or stream yet: a picture or at least one microphone. */
export function hasMeetingMedia(meeting: Meeting): boolean {
  const mics = [...meeting.peers.values()].map((peer) => peer.producerOf('mic'))
  return meetingPicture(meeting) !== undefined || mics.some((mic) => mic !== undefined && !mic.closed)
}
