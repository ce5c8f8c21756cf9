// The meeting's state as one pure reducer (the session state, its peers and their transitions). The
// socket and media layers turn server events into these actions; the views only read the state.
import {
  breakoutReducer,
  breakoutsJoined,
  initialBreakoutState,
  isBreakoutAction,
  type BreakoutAction,
  type BreakoutState,
} from './breakout-state'
import { EDGE_ERRORS } from '#edge/contract/protocol'
import type { Call } from '#edge/contract/calls'
import type { Caption, CaptionsState } from '#edge/contract/captions'
import type { ChatMessage } from '#edge/contract/chat'
import type { JoinResult, Peer, PeerStatus } from '#edge/contract/peers'
import type { LiveStatus } from '#edge/contract/live'
import { MEETING_LOG_HISTORY, type MeetingLogEntry } from '#edge/contract/meeting-log'
import type { Poll } from '#edge/contract/polls'
import type { RaisedHand } from '#edge/contract/hands'
import type { Reaction } from '#edge/contract/reactions'
import type { SharedVideo } from '#edge/contract/shared-video'
import { addCaption } from './captions'

export const VIEWING_MODES = ['tiles', 'primarySpeaker', 'presenter'] as const
export type ViewingMode = (typeof VIEWING_MODES)[number]
export type View =
  'home' | 'mirrorCheck' | 'waitingRoom' | 'meeting' | 'breakoutPreview' | 'joiningBreakout' | 'leavingBreakout'
export type ConnectionStatus = 'connecting' | 'connected' | 'closed'

export interface PeerState extends Peer {
  pinned: boolean
  speaking: boolean
  /** A caller waiting for the host (caller peers have calling status "calling"). */
  calling: { status: string } | null
}

export interface Me {
  peerId: string | null
  userId: string
  name: string
  avatar: string | null
  isHost: boolean
  isCoHost: boolean
  /** Whether the kick and mute buttons show; the edge decides again on every request. */
  canKick: boolean
  canMute: boolean
  visible: boolean
  joining: boolean
  status: PeerStatus
  audioMuted: boolean
  videoMuted: boolean
  audioOnly: boolean
  screenSharing: boolean
  kicked: boolean
}

export interface MeetingState {
  view: View
  me: Me
  peers: Record<string, PeerState>
  hostId: string | null
  meetingRoomId: string | null
  screenShareId: string | null
  activeSpeakerId: string | null
  primarySpeakerId: string | null
  connection: { status: ConnectionStatus; attempt: number; lost: boolean }
  viewingMode: ViewingMode
  previousViewingMode: ViewingMode | null
  defaultViews: { desktop: ViewingMode; mobile: ViewingMode }
  chat: ChatMessage[]
  /** Why the last join failed (the server's text), shown on the home view. */
  joinError: string | null
  /** Raised hands, oldest first, as the edge keeps them (mine included). */
  hands: RaisedHand[]
  /** The reaction showing over each peer's tile (mine under my peer id); `id` tells a newer one from an older. */
  reactions: Record<string, { emoji: Reaction; id: number }>
  /** The quick poll last asked, and my answer to it (the option's index). */
  poll: Poll | null
  pollAnswer: number | null
  /** The shared video as the edge last sent it, and when it arrived (performance.now): the position moves on from there. */
  sharedVideo: { video: SharedVideo; receivedAt: number } | null
  /** Breakout rooms: where I am, a move under way, the hosts' room list (breakout-state.ts). */
  breakouts: BreakoutState
  /** Whether a host has captions on, and the lines showing. */
  captions: CaptionsState
  captionLines: Caption[]
  /** In the waiting room: my call to the hosts, the last one made (its status says how it went). */
  myCall: Call | null
  /** As a host or co-host: the calls ringing from the waiting room, oldest first. */
  calls: Call[]
  /** A host asked for a recording that has not started yet (the room's recorderTriggered). */
  recorderTriggered: boolean
  /** The room's live stream as this person is shown it (late for all but hosts and co-hosts, live-delay.ts). */
  live: LiveStatus
  /** How many watch the live stream on the streaming service (room.viewerCountUpdated); null: no count known. */
  viewerCount: number | null
  /** Hosts and co-hosts: the meeting log, oldest first, once read (null before), with each new line after. */
  log: MeetingLogEntry[] | null
}

export type MeetingAction =
  | { type: 'showView'; view: View }
  | { type: 'joinStarted' }
  | { type: 'roomJoined'; result: JoinResult }
  | { type: 'entered'; smallScreen: boolean }
  | { type: 'joinFailed'; error: string }
  | { type: 'statusChanged'; status: PeerStatus }
  | { type: 'peerAdded'; peer: PeerState }
  | { type: 'peerUpdated'; peer: Peer }
  | { type: 'peerRemoved'; peerId: string }
  | { type: 'pinToggled'; peerId: string }
  | { type: 'activeSpeaker'; peerId: string | null; primarySpeakerId?: string | null }
  | { type: 'myScreenShare'; sharing: boolean }
  | { type: 'viewingModeSet'; mode: ViewingMode }
  | { type: 'chatMessage'; message: ChatMessage }
  | { type: 'connection'; status: ConnectionStatus; attempt?: number }
  | { type: 'connectionLost' }
  | { type: 'kicked' }
  | { type: 'handQueue'; hands: RaisedHand[] }
  | { type: 'logRead'; entries: MeetingLogEntry[] }
  | { type: 'logLine'; entry: MeetingLogEntry }
  | { type: 'pollUpdated'; poll: Poll }
  | { type: 'pollAnswered'; pollId: string; option: number }
  | { type: 'captionsChanged'; captions: CaptionsState }
  | { type: 'caption'; caption: Caption }
  | { type: 'recorderTriggered'; triggered: boolean }
  | { type: 'liveShown'; live: LiveStatus }
  | { type: 'viewerCount'; viewerCount: number | null }
  | { type: 'reactionShown'; peerId: string; emoji: Reaction; id: number }
  | { type: 'reactionEnded'; peerId: string; id: number }
  | { type: 'sharedVideo'; video: SharedVideo | null; receivedAt: number }
  | { type: 'waiting' }
  | { type: 'myCall'; call: Call }
  | { type: 'callUpdated'; call: Call }
  | { type: 'myPeerChanged'; patch: Partial<Pick<Me, 'name' | 'avatar' | 'audioMuted' | 'videoMuted' | 'audioOnly'>> }
  | BreakoutAction

export function initialMeetingState(init: {
  me: Pick<Me, 'userId' | 'name' | 'avatar' | 'isHost' | 'isCoHost' | 'canKick' | 'canMute'>
  hostId: string | null
  defaultViews?: { desktop: ViewingMode; mobile: ViewingMode }
}): MeetingState {
  const defaultViews = init.defaultViews ?? { desktop: 'tiles', mobile: 'primarySpeaker' }
  return {
    view: 'home',
    me: {
      ...init.me,
      peerId: null,
      visible: false,
      joining: false,
      status: 'browsing',
      audioMuted: false,
      videoMuted: false,
      audioOnly: false,
      screenSharing: false,
      kicked: false,
    },
    peers: {},
    hostId: init.hostId,
    meetingRoomId: null,
    screenShareId: null,
    activeSpeakerId: null,
    primarySpeakerId: null,
    connection: { status: 'connecting', attempt: 0, lost: false },
    viewingMode: defaultViews.desktop,
    previousViewingMode: null,
    defaultViews,
    chat: [],
    joinError: null,
    hands: [],
    reactions: {},
    poll: null,
    pollAnswer: null,
    sharedVideo: null,
    breakouts: initialBreakoutState(),
    captions: { on: false },
    captionLines: [],
    myCall: null,
    calls: [],
    recorderTriggered: false,
    live: { state: 'idle', error: null },
    viewerCount: null,
    log: null,
  }
}

/** A peer as the server sent it, with the client's own flags; a peer without an id is refused. */
export function peerFromServer(peer: Peer): PeerState {
  if (!peer || typeof peer.id !== 'string' || !peer.id) throw new Error(EDGE_ERRORS.peerIdRequired)
  return { ...peer, pinned: false, speaking: false, calling: null }
}

export function defaultViewingMode(state: Pick<MeetingState, 'defaultViews'>, smallScreen: boolean): ViewingMode {
  return smallScreen ? state.defaultViews.mobile : state.defaultViews.desktop
}

/** Into presenter mode, remembering where we were (the previous mode is stored and restored). */
function enterPresenter(state: MeetingState): MeetingState {
  if (state.viewingMode === 'presenter') return state
  return { ...state, previousViewingMode: state.viewingMode, viewingMode: 'presenter' }
}

function leavePresenter(state: MeetingState): MeetingState {
  if (state.viewingMode !== 'presenter') return state
  return { ...state, viewingMode: state.previousViewingMode ?? state.defaultViews.desktop, previousViewingMode: null }
}

/** Something is presented: a shared screen or a shared video (presenter mode while either is on). */
const presenting = (state: MeetingState) => Boolean(state.screenShareId || state.sharedVideo)

/** A new share or video moves the view to presenter mode; the end of the last one moves it back. */
function syncPresenter(next: MeetingState, started: boolean): MeetingState {
  if (!next.me.visible) return next
  if (started) return enterPresenter(next)
  return presenting(next) ? next : leavePresenter(next)
}

/** Keeps screenShareId on a peer who shares (me or another), or clears it, and moves the view to match. */
function syncScreenShare(state: MeetingState): MeetingState {
  const sharers = [
    ...(state.me.screenSharing && state.me.peerId ? [state.me.peerId] : []),
    ...Object.values(state.peers)
      .filter((peer) => peer.screenSharing)
      .map((peer) => peer.id),
  ]
  const screenShareId =
    state.screenShareId && sharers.includes(state.screenShareId) ? state.screenShareId : (sharers.at(-1) ?? null)
  if (screenShareId === state.screenShareId) return state
  return syncPresenter({ ...state, screenShareId }, screenShareId !== null)
}

export function meetingReducer(state: MeetingState, action: MeetingAction): MeetingState {
  if (isBreakoutAction(action)) return breakoutReducer(state, action)
  switch (action.type) {
    case 'showView':
      return { ...state, view: action.view, joinError: action.view === 'mirrorCheck' ? null : state.joinError }

    case 'joinStarted':
      return { ...state, me: { ...state.me, joining: true }, joinError: null }

    case 'roomJoined': {
      const { result } = action
      const peers: Record<string, PeerState> = {}
      for (const peer of result.peers) {
        if (peer.id && peer.id !== result.peerId)
          peers[peer.id] = { ...peerFromServer(peer), pinned: state.peers[peer.id]?.pinned ?? false }
      }
      return syncScreenShare({
        ...state,
        me: { ...state.me, peerId: result.peerId },
        meetingRoomId: result.meetingRoomId,
        peers,
        chat: mergeChat([], result.chat),
        hands: result.hands ?? [],
        poll: result.poll ?? null,
        pollAnswer: result.pollAnswer ?? null,
        breakouts: breakoutsJoined(state.breakouts, result),
        captions: result.captions ?? { on: false },
        calls: result.calls ?? [],
        // A stream already running when I join has been live for a while: shown at once.
        live: result.live ?? { state: 'idle', error: null },
        viewerCount: result.viewerCount ?? null,
        activeSpeakerId: result.room.activeSpeakerId,
        primarySpeakerId: result.room.primarySpeakerId,
      })
    }

    case 'entered': {
      // Enter: joining true, then visible true with status joining. The meeting view opens in
      // the community's default mode for this screen, or presenter when someone is already sharing.
      const mode = defaultViewingMode(state, action.smallScreen)
      const next: MeetingState = {
        ...state,
        view: 'meeting',
        me: { ...state.me, visible: true, joining: false, status: 'joining' },
        viewingMode: presenting(state) ? 'presenter' : mode,
        previousViewingMode: presenting(state) ? mode : null,
      }
      return next
    }

    case 'joinFailed':
      return {
        ...state,
        view: 'home',
        me: { ...state.me, joining: false, visible: false, status: 'browsing', screenSharing: false },
        joinError: action.error,
      }

    case 'statusChanged':
      return { ...state, me: { ...state.me, status: action.status } }

    case 'peerAdded': {
      if (action.peer.id === state.me.peerId) return state
      const existing = state.peers[action.peer.id]
      const peer = existing
        ? { ...existing, ...action.peer, pinned: existing.pinned, speaking: existing.speaking }
        : action.peer
      return syncScreenShare({ ...state, peers: { ...state.peers, [peer.id]: peer } })
    }

    case 'peerUpdated': {
      if (action.peer.id === state.me.peerId) {
        // The server's word on my own flags (a host muted me, my status moved on).
        const { audioMuted, status } = action.peer
        return { ...state, me: { ...state.me, audioMuted, status } }
      }
      const existing = state.peers[action.peer.id]
      const peer: PeerState = existing ? { ...existing, ...action.peer } : peerFromServer(action.peer)
      return syncScreenShare({ ...state, peers: { ...state.peers, [peer.id]: peer } })
    }

    case 'peerRemoved': {
      if (!state.peers[action.peerId]) return state
      const { [action.peerId]: _removed, ...peers } = state.peers
      return syncScreenShare({
        ...state,
        peers,
        activeSpeakerId: state.activeSpeakerId === action.peerId ? null : state.activeSpeakerId,
      })
    }

    case 'pinToggled': {
      const target = state.peers[action.peerId]
      if (!target) return state
      // One pin at a time: the pinned peer is the one the primary-speaker view keeps on stage.
      const peers = Object.fromEntries(
        Object.values(state.peers).map((peer) => [
          peer.id,
          { ...peer, pinned: peer.id === action.peerId ? !peer.pinned : false },
        ]),
      )
      return { ...state, peers }
    }

    case 'activeSpeaker': {
      // An active-speaker change also records the primary speaker.
      const primary = action.primarySpeakerId !== undefined ? action.primarySpeakerId : action.peerId
      const peers = Object.fromEntries(
        Object.values(state.peers).map((peer) => [peer.id, { ...peer, speaking: peer.id === action.peerId }]),
      )
      return { ...state, peers, activeSpeakerId: action.peerId, primarySpeakerId: primary ?? state.primarySpeakerId }
    }

    case 'myScreenShare':
      return syncScreenShare({ ...state, me: { ...state.me, screenSharing: action.sharing } })

    case 'viewingModeSet':
      if (action.mode === state.viewingMode) return state
      return { ...state, viewingMode: action.mode, previousViewingMode: state.viewingMode }

    case 'chatMessage':
      return { ...state, chat: mergeChat(state.chat, [action.message]) }

    case 'connection':
      return {
        ...state,
        connection: {
          ...state.connection,
          status: action.status,
          attempt: action.attempt ?? (action.status === 'connected' ? 0 : state.connection.attempt),
        },
      }

    case 'connectionLost':
      return { ...state, connection: { ...state.connection, status: 'closed', lost: true } }

    case 'kicked':
      return { ...state, me: { ...state.me, kicked: true, visible: false, joining: false } }

    case 'myPeerChanged':
      return { ...state, me: { ...state.me, ...action.patch } }

    case 'pollUpdated':
      // A new poll starts unanswered.
      return { ...state, poll: action.poll, pollAnswer: state.poll?.id === action.poll.id ? state.pollAnswer : null }

    case 'captionsChanged':
      return { ...state, captions: action.captions, captionLines: action.captions.on ? state.captionLines : [] }

    case 'caption':
      if (!state.captions.on) return state
      return { ...state, captionLines: addCaption(state.captionLines, action.caption) }

    case 'pollAnswered':
      if (state.poll?.id !== action.pollId) return state
      return { ...state, pollAnswer: action.option }

    case 'sharedVideo': {
      const started = action.video !== null && action.video.key !== state.sharedVideo?.video.key
      return syncPresenter(
        { ...state, sharedVideo: action.video ? { video: action.video, receivedAt: action.receivedAt } : null },
        started,
      )
    }
    case 'recorderTriggered':
      return { ...state, recorderTriggered: action.triggered }

    case 'liveShown':
      return { ...state, live: action.live }

    case 'viewerCount':
      return { ...state, viewerCount: action.viewerCount }

    case 'handQueue':
      return { ...state, hands: action.hands }

    case 'logRead':
      return { ...state, log: action.entries }

    case 'logLine':
      // Before the log is read, the reading brings the line; a line already read is not added twice.
      if (!state.log || state.log.some((entry) => entry.id === action.entry.id)) return state
      return { ...state, log: [...state.log, action.entry].slice(-MEETING_LOG_HISTORY) }

    case 'waiting':
      // The waiting room: held at the door, not joining any more, until a host answers.
      return { ...state, view: 'waitingRoom', me: { ...state.me, joining: false, visible: false, status: 'browsing' } }

    case 'myCall':
      return { ...state, myCall: action.call }

    case 'callUpdated': {
      const myCall = state.myCall?.id === action.call.id ? action.call : state.myCall
      // The hosts' list: a ringing call joins it (once), an ended one leaves it.
      const known = state.calls.some((call) => call.id === action.call.id)
      const ringing = action.call.status === 'calling' && (state.me.isHost || state.me.isCoHost)
      const calls = !ringing
        ? state.calls.filter((call) => call.id !== action.call.id)
        : known
          ? state.calls.map((call) => (call.id === action.call.id ? action.call : call))
          : [...state.calls, action.call]
      return { ...state, myCall, calls }
    }

    case 'reactionShown':
      return { ...state, reactions: { ...state.reactions, [action.peerId]: { emoji: action.emoji, id: action.id } } }

    case 'reactionEnded': {
      // A newer reaction of the same peer stays for its own time.
      if (state.reactions[action.peerId]?.id !== action.id) return state
      const { [action.peerId]: _ended, ...reactions } = state.reactions
      return { ...state, reactions }
    }
  }
}

/** Chat history plus new messages, each once (a reconnect hands the history over again), oldest first. */
function mergeChat(history: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const seen = new Set(history.map((message) => message.id))
  const added = incoming.filter((message) => !seen.has(message.id) && seen.add(message.id))
  if (!added.length) return history
  return [...history, ...added].sort((a, b) => a.sentAt.localeCompare(b.sentAt))
}
