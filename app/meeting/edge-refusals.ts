// The edge's refusals the meeting client explains in the viewer's language (the edge sends the
// `{ ok: false, error }` with English text); other errors are shown as they came.
import { EDGE_ERRORS } from '#edge/contract/protocol'
import type { TranslationKey } from '#app/lib/i18n/i18n'

const KEYS: Record<string, TranslationKey> = {
  [EDGE_ERRORS.roomLocked]: 'meeting:door.locked',
  [EDGE_ERRORS.rateLimited]: 'meeting:edgeLimits.rateLimited',
  [EDGE_ERRORS.chatOff]: 'meeting:edgeLimits.chatOff',
  [EDGE_ERRORS.screenShareOff]: 'meeting:edgeLimits.screenShareOff',
  [EDGE_ERRORS.pollInvalid]: 'meeting:polls.invalid',
  [EDGE_ERRORS.sharedVideoOff]: 'meeting:sharedVideo.off',
  [EDGE_ERRORS.sharedVideoLink]: 'meeting:sharedVideo.invalidLink',
  [EDGE_ERRORS.sharedVideoOwner]: 'meeting:sharedVideo.ownerOnly',
  [EDGE_ERRORS.sharedVideoBusy]: 'meeting:sharedVideo.busy',
  [EDGE_ERRORS.breakoutNameRequired]: 'meeting:breakouts.nameRequired',
  [EDGE_ERRORS.breakoutNameTaken]: 'meeting:breakouts.nameTaken',
  [EDGE_ERRORS.notMoved]: 'meeting:breakouts.notMoved',
  [EDGE_ERRORS.eventNoSlots]: 'meeting:eventSlots.errors.noSlots',
  [EDGE_ERRORS.eventNotStarted]: 'meeting:eventSlots.errors.notStarted',
  [EDGE_ERRORS.eventNoSuchSlot]: 'meeting:eventSlots.errors.noSuchSlot',
  [EDGE_ERRORS.lateJoinerWindowClosed]: 'meeting:eventSlots.errors.lateJoinerWindowClosed',
  [EDGE_ERRORS.captionsOff]: 'meeting:captions.off',
  [EDGE_ERRORS.transcriptOff]: 'meeting:captions.transcriptOff',
  [EDGE_ERRORS.captionsUnavailable]: 'meeting:captions.unavailable',
  [EDGE_ERRORS.recordingFailed]: 'meeting:recording.errors.recording',
  [EDGE_ERRORS.recorderFailed]: 'meeting:recording.errors.recorder',
  [EDGE_ERRORS.recordingOff]: 'meeting:recording.errors.off',
  [EDGE_ERRORS.liveOff]: 'meeting:liveStream.errors.off',
  [EDGE_ERRORS.liveUrlInvalid]: 'meeting:liveStream.errors.url',
  [EDGE_ERRORS.liveNoMedia]: 'meeting:liveStream.errors.noMedia',
  [EDGE_ERRORS.liveFailed]: 'meeting:liveStream.errors.failed',
  [EDGE_ERRORS.liveNotStreaming]: 'meeting:liveStream.errors.notStreaming',
  [EDGE_ERRORS.liveNotPaused]: 'meeting:liveStream.errors.notPaused',
  [EDGE_ERRORS.liveChannelInvalid]: 'meeting:liveStream.errors.channel',
  [EDGE_ERRORS.liveTargetRefused]: 'meeting:liveStream.errors.target',
}

/** The translation key of an edge refusal, or null when the client has none for it. */
export function edgeRefusalKey(error: unknown): TranslationKey | null {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  return Object.hasOwn(KEYS, message) ? KEYS[message]! : null
}
