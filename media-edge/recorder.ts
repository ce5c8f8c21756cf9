// Recording a meeting (issue 14 item 5, spec §6: the recorder is a meeting bot): at most one
// recording per meeting, run by a recorder peer that everyone sees (isRecorder: "recording is
// active when any peer is a recorder", spec §4), written by ffmpeg (ffmpeg-recording.ts) and kept
// in the starter's media library when it stops (recording-library.ts).
//
// What is recorded: one audio and one video stream, chosen when the recording starts and copied as
// sent (no re-encoding, so a recording costs the edge almost no CPU): the microphone of the primary
// speaker (else the active speaker, else the first person with a microphone), and the shared screen
// if someone shares, else that same speaker's camera (else the first camera). Mixing everyone's
// audio (ffmpeg's amix) would need decoding and encoding every voice, and an input that goes
// silent (a muted microphone sends no RTP) stalls amix; following the speaker would need a new
// file or a re-encode at each change. Both are left for later; the README says so.
import { rm } from 'node:fs/promises'
import type { types } from 'mediasoup'
import { newId } from '#models/ids'
import type { MediaStorage } from '#models/media-storage'
import { EdgeError } from './edge-error'
import { FfmpegRecording, RecorderStartError, type FfmpegRecordingOptions } from './ffmpeg-recording'
import type { Logger } from './logger'
import type { Meeting } from './meeting'
import { EdgePeer, connectedPeers } from './peer'
import { keepRecording } from './recording-library'
import { EDGE_ERRORS } from './contract/protocol'

export interface RecorderDeps extends FfmpegRecordingOptions {
  /** The media library's store (the web app's MEDIA_DIR). */
  storage: MediaStorage
  logger: Logger
}

interface ActiveRecording {
  bot: EdgePeer
  recording: FfmpegRecording
  owner: { brandId: string; userId: string }
  startedAt: Date
}

export class Recorder {
  /** By meeting id: the recording, or its start still under way (a second start waits for it). */
  private readonly active = new Map<string, Promise<ActiveRecording>>()

  constructor(private readonly deps: RecorderDeps) {}

  isRecording(meeting: Meeting) {
    return this.active.has(meeting.id)
  }

  /**
   * Starts recording the meeting for the caller (whose library gets the file); the recorder bot
   * joins once ffmpeg runs. Refusals carry the spec's texts: nothing could be set up to record
   * (recordingFailed), or ffmpeg did not start (recorderFailed).
   */
  async start(meeting: Meeting, caller: EdgePeer): Promise<void> {
    const running = this.active.get(meeting.id)
    if (running) {
      await running
      return
    }
    const starting = this.begin(meeting, caller)
    this.active.set(meeting.id, starting)
    starting.catch(() => this.active.delete(meeting.id))
    await starting
  }

  private async begin(meeting: Meeting, caller: EdgePeer): Promise<ActiveRecording> {
    const producers = recordedProducers(meeting)
    if (!producers.length) throw new EdgeError(EDGE_ERRORS.recordingFailed)
    meeting.toAll('recorderTriggered', { triggered: true })
    let recording: FfmpegRecording
    try {
      const [main] = await meeting.routers()
      recording = await FfmpegRecording.start(main!.router, producers, `${meeting.id}-${newId()}`, this.deps)
    } catch (error) {
      meeting.toAll('recorderTriggered', { triggered: false })
      if (error instanceof RecorderStartError) throw new EdgeError(EDGE_ERRORS.recorderFailed)
      this.deps.logger.error({ err: error, meetingRoomId: meeting.id }, 'recording could not be set up')
      throw new EdgeError(EDGE_ERRORS.recordingFailed)
    }
    const bot = new EdgePeer(newId(), '', '', { ...caller.claims, userId: `bot:recorder:${meeting.id}`, name: 'Recorder', avatar: null, isHost: false, isCoHost: false, permissions: [] }, 'recorder')
    bot.visible = true
    bot.joining = false
    bot.status = 'participating'
    meeting.addPeer(bot)
    meeting.toAll('peerJoined', bot.toPeer())
    meeting.toAll('recorderTriggered', { triggered: false })
    return { bot, recording, owner: { brandId: caller.claims.brandId, userId: caller.userId }, startedAt: new Date() }
  }

  /**
   * Stops the meeting's recording, if any: the recorder bot leaves and the file goes into the
   * starter's library. Resolves with the library item's id (null when nothing was recording or
   * nothing was written); a file that cannot be kept is logged, never thrown (the meeting goes on).
   */
  async stop(meeting: Meeting): Promise<string | null> {
    const running = this.active.get(meeting.id)
    if (!running) return null
    this.active.delete(meeting.id)
    // A start that failed has nothing to stop (its caller heard why).
    const active = await running.catch(() => null)
    if (!active) return null
    const { bot, recording, owner, startedAt } = active
    meeting.removePeer(bot)
    const file = await recording.stop()
    if (!file) return null
    try {
      return await keepRecording(this.deps.storage, file, owner, startedAt)
    } catch (error) {
      this.deps.logger.error({ err: error, meetingRoomId: meeting.id }, 'a recording could not be kept in the media library')
      return null
    } finally {
      await rm(file.path, { force: true })
    }
  }
}

/** The microphone and the picture to record (see the header): at most one of each. */
function recordedProducers(meeting: Meeting): types.Producer[] {
  const people = connectedPeers(meeting.peers.values())
  const speaker = meeting.peers.get(meeting.primarySpeakerId ?? meeting.activeSpeakerId ?? '')
  const ordered = speaker?.connected ? [speaker, ...people.filter((peer) => peer !== speaker)] : people
  const first = (source: 'mic' | 'webcam') => ordered.map((peer) => peer.producerOf(source)).find((producer) => producer && !producer.closed)
  const screen = meeting.screenShareId ? meeting.peers.get(meeting.screenShareId)?.producerOf('screen') : undefined
  return [first('mic'), screen ?? first('webcam')].filter((producer): producer is NonNullable<typeof producer> => producer !== undefined)
}
