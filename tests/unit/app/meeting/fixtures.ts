import type { JoinResult, Peer } from '#edge/contract/peers'
import {
  initialMeetingState,
  meetingReducer,
  peerFromServer,
  type MeetingAction,
  type MeetingState,
} from '#app/meeting/state'

export function peer(id: string, overrides: Partial<Peer> = {}): Peer {
  return {
    id,
    userId: `user-${id}`,
    name: `Peer ${id}`,
    guest: false,
    avatar: null,
    isHost: false,
    isCoHost: false,
    visible: true,
    joining: false,
    status: 'participating',
    isLive: false,
    isRecorder: false,
    component: false,
    audioMuted: false,
    videoMuted: false,
    audioOnly: false,
    screenSharing: false,
    videoSharing: false,
    away: false,
    device: null,
    ...overrides,
  }
}

export function joinResult(peers: Peer[], overrides: Partial<JoinResult> = {}): JoinResult {
  return {
    peerId: 'me',
    meetingRoomId: 'meeting-1',
    peers: [peer('me'), ...peers],
    chat: [],
    room: { activeSpeakerId: null, primarySpeakerId: null, screenShareId: null },
    hands: [],
    poll: null,
    pollAnswer: null,
    sharedVideo: null,
    event: null,
    talkTimer: null,
    captions: { on: false },
    calls: [],
    live: { state: 'idle', error: null },
    viewerCount: null,
    iceServers: [],
    routerRtpCapabilities: { codecs: [] },
    ...overrides,
  }
}

export function fresh(overrides: { isHost?: boolean; hostId?: string | null } = {}): MeetingState {
  return initialMeetingState({
    me: {
      userId: 'user-me',
      name: 'Me',
      avatar: null,
      isHost: overrides.isHost ?? false,
      isCoHost: false,
      canKick: false,
      canMute: false,
    },
    hostId: overrides.hostId ?? 'user-host',
  })
}

export function run(state: MeetingState, ...actions: MeetingAction[]): MeetingState {
  return actions.reduce(meetingReducer, state)
}

/** In the meeting (entered on a desktop) with these others. */
export function inMeeting(peers: Peer[], smallScreen = false): MeetingState {
  return run(
    fresh(),
    { type: 'roomJoined', result: joinResult(peers) },
    { type: 'joinStarted' },
    { type: 'entered', smallScreen },
  )
}

export const added = (p: Peer): MeetingAction => ({ type: 'peerAdded', peer: peerFromServer(p) })
