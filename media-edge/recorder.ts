// Recording a meeting (the recorder is a meeting bot): at most one recording per meeting, run by a
// recorder peer that everyone sees (isRecorder: recording is active when any peer is a recorder),
// written by ffmpeg (ffmpeg-recording.ts) and kept in the starter's media library when it stops
// (recording-library.ts). What is recorded (every voice of the main room, mixed, and one picture),
// and why: meeting-media.ts.
import { rm } from 'node:fs/promises'
import { newId } from '#models/ids'
import type { MediaStorage } from '#models/media-storage'
import { EdgeError } from './edge-error'
import { FfmpegRecording } from './ffmpeg-recording'
import { FfmpegStartError, type FfmpegOptions } from './ffmpeg-rtp'
import type { Clock } from './clock'
import type { Logger } from './logger'
import type { Meeting } from './meeting'
import { hasMeetingMedia, meetingPicture } from './meeting-media'
import { MeetingVoices } from './meeting-voices'
import { EdgePeer } from './peer'
import { keepRecording } from './recording-library'
import { EDGE_ERRORS } from './contract/protocol'

export interface RecorderDeps extends FfmpegOptions {
  /** The media library's store (the web app's MEDIA_DIR). */
  storage: MediaStorage
  logger: Logger
  /** The edge's clock: the mixed voices are paced on it (audio-mixer.ts). */
  clock: Clock
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
   * joins once ffmpeg runs. Refusals carry the product's texts: nothing could be set up to record
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
    if (!hasMeetingMedia(meeting)) throw new EdgeError(EDGE_ERRORS.recordingFailed)
    const picture = meetingPicture(meeting)
    meeting.toAll('recorderTriggered', { triggered: true })
    let recording: FfmpegRecording
    try {
      const [main] = await meeting.routers()
      const voices = new MeetingVoices(meeting, this.deps)
      recording = await FfmpegRecording.start(
        main!.router,
        picture ? [picture] : [],
        voices,
        `${meeting.id}-${newId()}`,
        this.deps,
      )
    } catch (error) {
      meeting.toAll('recorderTriggered', { triggered: false })
      if (error instanceof FfmpegStartError) throw new EdgeError(EDGE_ERRORS.recorderFailed)
      this.deps.logger.error({ err: error, meetingRoomId: meeting.id }, 'recording could not be set up')
      throw new EdgeError(EDGE_ERRORS.recordingFailed)
    }
    const bot = new EdgePeer(
      newId(),
      '',
      '',
      {
        ...caller.claims,
        userId: `bot:recorder:${meeting.id}`,
        name: 'Recorder',
        avatar: null,
        isHost: false,
        isCoHost: false,
        permissions: [],
      },
      'recorder',
    )
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
      this.deps.logger.error(
        { err: error, meetingRoomId: meeting.id },
        'a recording could not be kept in the media library',
      )
      return null
    } finally {
      await rm(file.path, { force: true })
    }
  }
}
