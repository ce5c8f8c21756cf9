// Recording a meeting into the media library, by a host or co-host.
import { answers, type ClientEventDefinition } from './event-parts'

export const recordingClientEvents = {
  /**
   * A host or co-host starts recording the meeting. The edge's recorder bot joins (a peer
   * with isRecorder, so everyone sees the meeting is recorded) and ffmpeg writes the room's media;
   * already recording is not an error.
   */
  'recorder:start': { answer: answers() },
  /** A host or co-host stops it: the file goes into the media library of whoever started it (its id). */
  'recorder:stop': { answer: answers<{ mediaId: string | null }>() },
} satisfies Record<string, ClientEventDefinition>

export interface RecordingServerEvents {
  /**
   * A host asked for a recording (triggered true) until the recorder joined or failed (false): the
   * room's recorderTriggered, so the hosts' button shows it is starting.
   */
  recorderTriggered: (payload: { triggered: boolean }) => void
}
