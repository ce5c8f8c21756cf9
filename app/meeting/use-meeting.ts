// The meeting controller: the reducer's state, the edge session, my local tracks and devices, and
// the actions the views call. Everything that talks to the browser's media or the edge starts from
// a click (never from rendering), so the server-rendered home view stays inert.
import { useNavigate, useRevalidator } from '@remix-run/react'
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react'
import type { EventBreakoutPlan } from '#app/lib/events/breakout-sorting'
import { ENCOURAGEMENT_TOAST_MS } from '#edge/contract/event-slots'
import { REACTION_SHOW_MS, type Reaction } from '#edge/contract/reactions'
import { EDGE_ERRORS } from '#edge/contract/protocol'
import type { BreakoutMove } from '#edge/contract/breakouts'
import type { CaptionLanguage } from '#edge/contract/captions'
import { isOwnAvatarUpload, type PeerData } from '#edge/contract/peers'
import type { SharedVideo } from '#edge/contract/shared-video'
import { AUTO_ENTER_DELAY_MS, DEVICE_CHANGE_DEBOUNCE_MS, SMALL_SCREEN_MAX_WIDTH_PX, STORAGE_PREFIX } from './constants'
import { participantCount, visiblePeers } from './derived'
import {
  DeviceError,
  debounce,
  listDevices,
  openCamera,
  openMicrophone,
  openScreen,
  type DeviceLists,
  type DeviceProblem,
} from './devices'
import { edgeRefusalKey } from './edge-refusals'
import { EdgeSession, type EdgePass, type EventControl } from './edge-session'
import { eventSlotsReducer, initialEventSlots } from './event-slots'
import { markJoin, startJoinTimeline } from './join-timeline'
import { notifyEmbedder } from './embedding'
import {
  DEFAULT_SEND_QUALITY,
  availableSendQualities,
  cameraConstraints,
  capSendQuality,
  type SendQuality,
} from './encodings'
import { playPeerSound } from './sounds'
import { initialMeetingState, meetingReducer, peerFromServer, type MeetingAction, type ViewingMode } from './state'
import { holdScreenWakeLock } from './wake-lock'
import { liveStateDelay } from './live-delay'
import { notificationToast, type MeetingNotice } from './notification-toast'

export interface MeetingConfig {
  community: { name: string; slug: string }
  room: {
    id: string
    slug: string
    name: string
    description: string | null
    event: { startsAt: string | null } | null
    /** A personal room (/me/{link}): a message left for its host reaches them by mail or SMS, not in a community's messages; recordings go to /me/recordings. */
    personal?: boolean
    /** Its lock (a host's toggle shows it; the waiting room says so). The edge reads its own at each join. */
    locked: boolean
    /** How long a breakout move is previewed, counting down (its breakout preview), or null: AUTO_ENTER_DELAY_MS. */
    breakoutPreviewMs: number | null
  }
  host: { name: string; avatar: string | null } | null
  hostId: string | null
  me: {
    userId: string
    name: string
    avatar: string | null
    phoneNumber: string | null
    isGuest: boolean
    isHost: boolean
    isCoHost: boolean
    canKick: boolean
    canMute: boolean
  }
  pass: { token: string; edgeUrl: string | null; issuedAt: number }
  settings: {
    defaultViews: { desktop: ViewingMode; mobile: ViewingMode }
    peersMax: number
    peersMinSize: number
    mirrorOwnVideo: boolean
    displayNameplates: boolean
    controls: {
      chat: boolean
      settings: boolean
      sharedScreen: boolean
      sharedVideo: boolean
      viewingMode: boolean
      fullScreen: boolean
      closedCaption: boolean
      transcribe: boolean
      recording: boolean
      live: boolean
    }
  }
  endUrl: string
  /** The host arrived through a link with the auto-join flag (callback `aj`): enter without a click. */
  autoEnter: boolean
  /** Hosts of an event: its groups and answers, to fill breakout rooms from (null otherwise). */
  breakoutPlan: EventBreakoutPlan | null
}

export type Fatal = 'lost' | 'kicked' | 'shutdown' | 'unreachable'
export interface LocalMedia {
  mic: MediaStreamTrack | null
  camera: MediaStreamTrack | null
  screen: MediaStreamTrack | null
  cameraMaxWidth: number | null
  cameraBelowMinimum: boolean
  problems: { camera?: DeviceProblem; microphone?: DeviceProblem }
}
export interface DeviceChoices {
  cameraId: string | null
  micId: string | null
  speakerId: string | null
  quality: SendQuality
}

/** A pass older than this is swapped for a fresh one before connecting (passes live 5 minutes). */
const PASS_FRESH_MS = 4 * 60 * 1000
/** How long the kicked and lost notices stay before the page moves on. */
const NOTICE_BEFORE_LEAVING_MS = 2500

/** A reload after a lost connection or an edge shutdown re-enters on its own within this time. */
const REJOIN_WINDOW_MS = 2 * 60 * 1000
const rejoinKey = (roomId: string) => `${STORAGE_PREFIX}rejoin:${roomId}`
/** A guest's device-check picture, shown again in this browser's next meetings (it is theirs while their guest id is). */
const GUEST_AVATAR_KEY = `${STORAGE_PREFIX}guest-avatar`

/**
 * Reads the guest's stored picture, or keeps a new one. Storage may be refused (private mode, a
 * frame on another site with third-party storage blocked): then nothing is remembered.
 */
function storedGuestAvatar(keep?: string): string | null {
  try {
    if (keep) localStorage.setItem(GUEST_AVATAR_KEY, keep)
    return localStorage.getItem(GUEST_AVATAR_KEY)
  } catch {
    return null
  }
}

const isSmallScreen = () => typeof window !== 'undefined' && window.innerWidth <= SMALL_SCREEN_MAX_WIDTH_PX
const NO_LOCAL: LocalMedia = {
  mic: null,
  camera: null,
  screen: null,
  cameraMaxWidth: null,
  cameraBelowMinimum: false,
  problems: {},
}

export function useMeeting(config: MeetingConfig) {
  const [state, dispatch] = useReducer(meetingReducer, config, (c) =>
    initialMeetingState({ me: c.me, hostId: c.hostId, defaultViews: c.settings.defaultViews }),
  )
  const { revalidate } = useRevalidator()
  const navigate = useNavigate()
  const [session, setSession] = useState<EdgeSession | null>(null)
  const [local, setLocalState] = useState<LocalMedia>(NO_LOCAL)
  const [devices, setDevices] = useState<DeviceLists>({ cameras: [], microphones: [], speakers: [] })
  const [choices, setChoices] = useState<DeviceChoices>({
    cameraId: null,
    micId: null,
    speakerId: null,
    quality: DEFAULT_SEND_QUALITY,
  })
  const [fatal, setFatal] = useState<Fatal | null>(null)
  const [notice, setNotice] = useState<MeetingNotice | null>(null)
  const [eventSlots, dispatchEvent] = useReducer(eventSlotsReducer, initialEventSlots)
  const talkNoticeCount = useRef(0)

  // Callbacks from the edge run long after the render that created them: they read these.
  const stateRef = useRef(state)
  /** Numbers each reaction shown, so the end of an older one leaves a newer one up. */
  const reactionCount = useRef(0)
  /** The live state change still waiting out its delay (live-delay.ts); a newer change replaces it. */
  const liveTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  stateRef.current = state
  const localRef = useRef(local)
  const choicesRef = useRef(choices)
  choicesRef.current = choices
  const sessionRef = useRef<EdgeSession | null>(null)
  const connecting = useRef<Promise<void> | null>(null)
  const mediaReady = useRef<Promise<void> | null>(null)
  /** The waiting room's call, for the edge session's callbacks (made before it). */
  const callHostRef = useRef<() => Promise<void>>(async () => undefined)

  /** Before a reload that is not my choice: come back into the meeting by myself afterwards. */
  const rememberToRejoin = useCallback(() => {
    const { me } = stateRef.current
    if (!me.visible) return
    try {
      sessionStorage.setItem(rejoinKey(config.room.id), JSON.stringify({ at: Date.now(), name: me.name }))
    } catch {
      // Storage refused (private mode): the reload simply shows the home view.
    }
  }, [config.room.id])

  const setLocal = useCallback((patch: Partial<LocalMedia>) => {
    localRef.current = { ...localRef.current, ...patch }
    setLocalState(localRef.current)
  }, [])

  const stopLocalTracks = useCallback(() => {
    const { mic, camera, screen } = localRef.current
    for (const track of [mic, camera, screen]) track?.stop()
    setLocal({ mic: null, camera: null, screen: null })
  }, [setLocal])

  const leavePage = useCallback((to: string | null, delay: number) => {
    setTimeout(() => (to ? window.location.assign(to) : window.location.reload()), delay)
  }, [])

  const refreshPass = useCallback(
    async (unreachable?: string): Promise<EdgePass> => {
      const response = await fetch('/resources/edge-token', {
        method: 'POST',
        body: new URLSearchParams({
          brand: config.community.slug,
          room: config.room.slug,
          ...(unreachable ? { unreachable } : {}),
        }),
      })
      if (!response.ok) throw new Error(`edge pass refused (${response.status})`)
      const pass = (await response.json()) as { token: string; edgeUrl: string | null }
      if (!pass.edgeUrl) throw new Error('no media server is available')
      return { token: pass.token, edgeUrl: pass.edgeUrl }
    },
    [config.community.slug, config.room.slug],
  )

  const peerData = useCallback((): PeerData => {
    const { me } = stateRef.current
    return {
      // The edge takes a guest's name only: a member meets under their account's, which may be longer.
      name: config.me.isGuest ? me.name : undefined,
      avatar: me.avatar,
      audioMuted: me.audioMuted,
      videoMuted: me.videoMuted,
      audioOnly: me.audioOnly,
      screenSharing: me.screenSharing,
    }
  }, [config.me.isGuest])

  const setMicMuted = useCallback(async (muted: boolean) => {
    const { mic } = localRef.current
    if (mic) mic.enabled = !muted
    dispatch({ type: 'myPeerChanged', patch: { audioMuted: muted } })
    await sessionRef.current?.setPaused('mic', muted)
    sessionRef.current?.updatePeer({ audioMuted: muted })
  }, [])

  /**
   * The host moved me (breakouts): the preview shows where to, then after the room's preview time
   * (1 s without one) I move ("Moving from {room}"). A move that fails leaves me with the media of
   * neither room: the page starts again, back in the main room.
   */
  const moveRoom = useCallback(
    (kind: 'join' | 'leave', move: BreakoutMove) => {
      dispatch({ type: 'breakoutMoveAnnounced', kind, move })
      setTimeout(async () => {
        dispatch({ type: 'breakoutMoveStarted' })
        try {
          const edge = sessionRef.current!
          const { sending } = await edge.move(kind === 'join' ? { meetingRoomId: move.meetingRoomId } : 'main')
          dispatch({ type: 'breakoutMoveDone' })
          sending
            .then(() => (stateRef.current.me.audioMuted ? edge.setPaused('mic', true) : undefined))
            .catch((error: unknown) =>
              setNotice({ key: 'failed', reason: error instanceof Error ? error.message : String(error) }),
            )
        } catch (error) {
          dispatch({ type: 'breakoutMoveFailed' })
          setNotice({ key: 'failed', reason: error instanceof Error ? error.message : String(error) })
          rememberToRejoin()
          leavePage(null, NOTICE_BEFORE_LEAVING_MS)
        }
      }, config.room.breakoutPreviewMs ?? AUTO_ENTER_DELAY_MS)
    },
    [rememberToRejoin, leavePage, config.room.breakoutPreviewMs],
  )

  const stopShare = useCallback(async () => {
    const { screen } = localRef.current
    if (!screen) return
    screen.onended = null
    screen.stop()
    setLocal({ screen: null })
    dispatch({ type: 'myScreenShare', sharing: false })
    await sessionRef.current?.stopProducing('screen')
    sessionRef.current?.updatePeer({ screenSharing: false })
  }, [setLocal])

  /** Connects to the edge as a browsing peer (from the device check, so joining is quick). */
  const connect = useCallback((): Promise<void> => {
    if (connecting.current) return connecting.current
    const room = config.room.slug
    connecting.current = (async () => {
      const edgeUrl = config.pass.edgeUrl
      if (!edgeUrl) throw new Error('no media server is available')
      const pass =
        Date.now() - config.pass.issuedAt > PASS_FRESH_MS ? await refreshPass() : { token: config.pass.token, edgeUrl }
      markJoin('passReady')
      notifyEmbedder(room, { event: 'roomJoining' })
      const edge = new EdgeSession({
        pass,
        roomId: config.room.id,
        refreshPass,
        peerData,
        localTracks: () => {
          const { mic, camera, screen } = localRef.current
          const { me } = stateRef.current
          return {
            ...(mic ? { mic } : {}),
            ...(camera && !me.videoMuted ? { webcam: camera } : {}),
            ...(screen && me.screenSharing ? { screen } : {}),
          }
        },
        events: {
          roomJoined: (result) => {
            dispatch({ type: 'roomJoined', result })
            dispatch({ type: 'sharedVideo', video: result.sharedVideo ?? null, receivedAt: performance.now() })
            dispatchEvent({
              type: 'joined',
              event: result.event ?? null,
              talkTimer: result.talkTimer ?? null,
              at: Date.now(),
            })
          },
          connection: (status, attempt) => {
            dispatch({ type: 'connection', status, attempt })
            if (status === 'closed') notifyEmbedder(room, { event: 'roomLeft' })
          },
          connectionLost: () => {
            rememberToRejoin()
            dispatch({ type: 'connectionLost' })
            setFatal((current) => current ?? 'lost')
            sessionRef.current?.close()
            stopLocalTracks()
            leavePage(null, NOTICE_BEFORE_LEAVING_MS)
          },
          edgeMoved: () => {
            rememberToRejoin()
            window.location.reload()
          },
          peerJoined: (peer) => addPeer(peer),
          peerEntered: (peer) => addPeer(peer),
          peerUpdated: (peer) => dispatch({ type: 'peerUpdated', peer }),
          peerLeft: (peerId) => dispatch({ type: 'peerRemoved', peerId }),
          activeSpeaker: (peerId, primarySpeakerId) => dispatch({ type: 'activeSpeaker', peerId, primarySpeakerId }),
          chat: (message) => dispatch({ type: 'chatMessage', message }),
          hands: (hands) => dispatch({ type: 'handQueue', hands }),
          poll: (poll) => dispatch({ type: 'pollUpdated', poll }),
          sharedVideo: (video) => dispatch({ type: 'sharedVideo', video, receivedAt: performance.now() }),
          breakoutMove: moveRoom,
          meetingRooms: (rooms) => dispatch({ type: 'meetingRooms', rooms }),
          meetingLog: (entry) => dispatch({ type: 'logLine', entry }),
          event: (event) => dispatchEvent({ type: 'updated', event, at: Date.now() }),
          talkTimer: (talkTimer) => dispatchEvent({ type: 'talkTimer', talkTimer }),
          talkNotice: ({ kind, message }) => {
            // A toast for 3000 ms; a newer one replaces it.
            const id = ++talkNoticeCount.current
            dispatchEvent({ type: 'notice', notice: { kind, message, id } })
            setTimeout(() => dispatchEvent({ type: 'noticeEnded', id }), ENCOURAGEMENT_TOAST_MS)
          },
          captions: (captions) => dispatch({ type: 'captionsChanged', captions }),
          caption: (caption) => dispatch({ type: 'caption', caption }),
          recorderTriggered: (triggered) => dispatch({ type: 'recorderTriggered', triggered }),
          live: (live) => {
            if (liveTimer.current) clearTimeout(liveTimer.current)
            liveTimer.current = null
            const delay = liveStateDelay(
              stateRef.current.live.state,
              live.state,
              config.me.isHost || config.me.isCoHost,
            )
            if (delay === 0) return dispatch({ type: 'liveShown', live })
            liveTimer.current = setTimeout(() => {
              liveTimer.current = null
              dispatch({ type: 'liveShown', live })
            }, delay)
          },
          // Shown beside the Live mark, so only once the mark itself is (the delay above).
          viewerCount: (viewerCount) => dispatch({ type: 'viewerCount', viewerCount }),
          reaction: (peerId, emoji) => {
            // Shown for a while over the sender's tile; a newer one from the same peer replaces it.
            const id = ++reactionCount.current
            dispatch({ type: 'reactionShown', peerId, emoji, id })
            setTimeout(() => dispatch({ type: 'reactionEnded', peerId, id }), REACTION_SHOW_MS)
          },
          kicked: () => {
            dispatch({ type: 'kicked' })
            setFatal('kicked')
            stopLocalTracks()
            leavePage('/kicked', NOTICE_BEFORE_LEAVING_MS)
          },
          muted: () => {
            void setMicMuted(true)
            setNotice({ key: 'mutedByHost' })
          },
          shareDisabled: () => {
            void stopShare()
            setNotice({ key: 'shareStoppedByHost' })
          },
          shutdown: () => {
            rememberToRejoin()
            setFatal('shutdown')
            stopLocalTracks()
            leavePage(null, 1000)
          },
          waiting: () => {
            // Back at the door after a reconnect: the edge ended the call the lost connection made
            // (a caller who goes away hangs up), so a call that was ringing rings again.
            const ringing = stateRef.current.myCall?.status === 'calling'
            dispatch({ type: 'waiting' })
            if (ringing) void callHostRef.current()
            // Nobody sees or hears a caller: camera and microphone stay off (their light too) until a host lets
            // them in, including the ones the device check is still opening.
            stopLocalTracks()
            void mediaReady.current?.then(() => {
              if (stateRef.current.view === 'waitingRoom') stopLocalTracks()
            })
          },
          // Back home, told the room is locked; Join tries the door again.
          lockedOut: () => dispatch({ type: 'joinFailed', error: EDGE_ERRORS.roomLocked }),
          callUpdated: (call) => dispatch({ type: 'callUpdated', call }),
          roomUpdated: (url) => {
            // Its link changed, so this address is gone. Someone in the meeting is sent out by the edge, as the
            // spec wants; anyone else (at the device check, or waiting) is taken to the room at its new address.
            if (url && url !== window.location.pathname && stateRef.current.view !== 'meeting')
              navigate(url, { replace: true })
            else revalidate()
          },
          notification: (payload) => {
            const toast = notificationToast(payload)
            if (toast) setNotice(toast)
          },
        },
      })
      sessionRef.current = edge
      setSession(edge)
      await edge.connect()
    })()
    connecting.current.catch((error: unknown) => {
      console.warn('meeting connection failed', error)
      setFatal((current) => current ?? 'unreachable')
    })
    return connecting.current
  }, [
    config,
    refreshPass,
    peerData,
    stopLocalTracks,
    leavePage,
    setMicMuted,
    stopShare,
    rememberToRejoin,
    revalidate,
    navigate,
    moveRoom,
  ])

  function addPeer(peer: Parameters<typeof peerFromServer>[0]) {
    try {
      dispatch({ type: 'peerAdded', peer: peerFromServer(peer) })
    } catch (error) {
      console.warn('peer refused', error)
    }
  }

  const refreshDevices = useCallback(async () => {
    try {
      setDevices(await listDevices())
    } catch (error) {
      console.warn('device list failed', error)
    }
  }, [])

  /** Opens camera and microphone for the device check; either may fail on its own. */
  const openLocalMedia = useCallback(async () => {
    const { cameraId, micId, quality } = choicesRef.current
    const problems: LocalMedia['problems'] = {}
    const [camera, mic] = await Promise.allSettled([openCamera(quality, cameraId), openMicrophone(micId)])
    if (camera.status === 'rejected')
      problems.camera = camera.reason instanceof DeviceError ? camera.reason.problem : 'unsupported'
    if (mic.status === 'rejected')
      problems.microphone = mic.reason instanceof DeviceError ? mic.reason.problem : 'unsupported'
    localRef.current.camera?.stop()
    localRef.current.mic?.stop()
    const opened = camera.status === 'fulfilled' ? camera.value : null
    setLocal({
      camera: opened?.track ?? null,
      cameraMaxWidth: opened?.maxWidth ?? null,
      cameraBelowMinimum: opened?.belowMinimum ?? false,
      mic: mic.status === 'fulfilled' ? mic.value : null,
      problems,
    })
    if (opened) setChoices((current) => ({ ...current, quality: capSendQuality(current.quality, opened.maxWidth) }))
    // A device that did not open is off, for me and for the others: its button turns it on.
    dispatch({ type: 'myPeerChanged', patch: { videoMuted: !opened, audioMuted: mic.status !== 'fulfilled' } })
    await refreshDevices()
  }, [refreshDevices, setLocal])

  const openMirrorCheck = useCallback(() => {
    dispatch({ type: 'showView', view: 'mirrorCheck' })
    startJoinTimeline()
    connect().catch(() => undefined)
    mediaReady.current = openLocalMedia()
  }, [connect, openLocalMedia])

  const join = useCallback(async () => {
    if (stateRef.current.me.joining || stateRef.current.me.visible) return
    markJoin('click')
    dispatch({ type: 'joinStarted' })
    try {
      await Promise.all([connect(), mediaReady.current])
      const edge = sessionRef.current!
      if (edge.lockedOut) await edge.tryDoorAgain()
      if (edge.lockedOut) throw new Error(EDGE_ERRORS.roomLocked)
      // Held in the waiting room: that view is showing (the 'waiting' event), nothing to enter.
      if (edge.waiting) return
      edge.updatePeer(peerData())
      const entering = edge.enter()
      // On enter I am visible at once (status joining), so the meeting view and the others'
      // tiles render while the edge lets me in and resumes their media; a failure goes back home.
      dispatch({ type: 'entered', smallScreen: isSmallScreen() })
      const { sending } = await entering
      // Joining lands in the main room, where an entered peer is participating.
      dispatch({ type: 'statusChanged', status: 'participating' })
      notifyEmbedder(config.room.slug, { event: 'roomJoined' })
      sending
        .then(() => (stateRef.current.me.audioMuted ? edge.setPaused('mic', true) : undefined))
        .catch((error: unknown) =>
          setNotice({ key: 'failed', reason: error instanceof Error ? error.message : String(error) }),
        )
    } catch (error) {
      dispatch({ type: 'joinFailed', error: error instanceof Error ? error.message : String(error) })
    }
  }, [connect, peerData, config.room.slug])

  const leave = useCallback(async () => {
    await sessionRef.current?.leave()
    stopLocalTracks()
    window.location.assign(config.endUrl)
  }, [config.endUrl, stopLocalTracks])

  /**
   * The device check's picture: stored by the web app (/resources/meeting-avatar), then shown to the
   * others (the edge takes a picture stored for this peer). A guest's is remembered by this browser.
   * Returns null when it is shown, else the server's reason in the viewer's language (null when
   * none came back: offline, or the server failed).
   */
  const uploadAvatar = useCallback(
    async (file: File): Promise<{ refused: string | null } | null> => {
      const form = new FormData()
      form.set('brand', config.community.slug)
      form.set('room', config.room.slug)
      form.set('avatar', file)
      try {
        const response = await fetch('/resources/meeting-avatar', { method: 'POST', body: form })
        const body = (await response.json().catch(() => ({}))) as { avatar?: string; message?: string }
        if (!response.ok || !body.avatar) return { refused: body.message ?? null }
        dispatch({ type: 'myPeerChanged', patch: { avatar: body.avatar } })
        // The state above renders later: the edge is told the new picture itself.
        sessionRef.current?.updatePeer({ ...peerData(), avatar: body.avatar })
        if (config.me.isGuest) storedGuestAvatar(body.avatar)
        return null
      } catch {
        // Offline, or the connection dropped: said like any failure to upload.
        return { refused: null }
      }
    },
    [config.community.slug, config.room.slug, config.me.isGuest, peerData],
  )
  useEffect(() => {
    const stored = config.me.isGuest ? storedGuestAvatar() : null
    if (stored && isOwnAvatarUpload(stored, config.me.userId))
      dispatch({ type: 'myPeerChanged', patch: { avatar: stored } })
  }, [config.me.isGuest, config.me.userId])

  const toggleMic = useCallback(async () => {
    if (!localRef.current.mic) {
      try {
        const mic = await openMicrophone(choicesRef.current.micId)
        setLocal({ mic, problems: { ...localRef.current.problems, microphone: undefined } })
        if (stateRef.current.me.visible) await sessionRef.current?.produce('mic', mic)
        await setMicMuted(false)
      } catch (error) {
        setLocal({
          problems: {
            ...localRef.current.problems,
            microphone: error instanceof DeviceError ? error.problem : 'unsupported',
          },
        })
      }
      return
    }
    await setMicMuted(!stateRef.current.me.audioMuted)
  }, [setLocal, setMicMuted])

  const setCameraOn = useCallback(
    async (on: boolean) => {
      const edge = sessionRef.current
      if (!on) {
        await edge?.stopProducing('webcam')
        localRef.current.camera?.stop()
        setLocal({ camera: null })
        dispatch({ type: 'myPeerChanged', patch: { videoMuted: true } })
        edge?.updatePeer({ videoMuted: true })
        return
      }
      try {
        const { cameraId, quality } = choicesRef.current
        const opened = await openCamera(quality, cameraId)
        setLocal({
          camera: opened.track,
          cameraMaxWidth: opened.maxWidth,
          cameraBelowMinimum: opened.belowMinimum,
          problems: { ...localRef.current.problems, camera: undefined },
        })
        dispatch({ type: 'myPeerChanged', patch: { videoMuted: false } })
        if (stateRef.current.me.visible) await edge?.produce('webcam', opened.track)
        edge?.updatePeer({ videoMuted: false })
      } catch (error) {
        setLocal({
          problems: {
            ...localRef.current.problems,
            camera: error instanceof DeviceError ? error.problem : 'unsupported',
          },
        })
      }
    },
    [setLocal],
  )

  const toggleCamera = useCallback(() => setCameraOn(!localRef.current.camera), [setCameraOn])

  const toggleAudioOnly = useCallback(async () => {
    const audioOnly = !stateRef.current.me.audioOnly
    if (audioOnly && localRef.current.camera) await setCameraOn(false)
    dispatch({ type: 'myPeerChanged', patch: { audioOnly } })
    await sessionRef.current?.setReceiveVideo(!audioOnly)
    sessionRef.current?.updatePeer({ audioOnly })
  }, [setCameraOn])

  const toggleScreenShare = useCallback(async () => {
    if (localRef.current.screen) return stopShare()
    try {
      const screen = await openScreen()
      // The browser's own "Stop sharing" bar ends the track.
      screen.onended = () => void stopShare()
      setLocal({ screen })
      dispatch({ type: 'myScreenShare', sharing: true })
      await sessionRef.current?.produce('screen', screen)
      sessionRef.current?.updatePeer({ screenSharing: true })
    } catch (error) {
      // The edge refuses a share the community turned off (or one asked for too often): say which.
      if (edgeRefusalKey(error)) setNotice({ key: 'failed', reason: (error as Error).message })
      else if (!(error instanceof DeviceError && error.problem === 'blocked')) setNotice({ key: 'screenShareFailed' })
      await stopShare()
    }
  }, [setLocal, stopShare])

  /** Device switches, debounced (500 ms), so scrolling through a list opens one device. */
  const applyDevice = useMemo(
    () =>
      debounce(async (kind: 'camera' | 'microphone') => {
        const edge = sessionRef.current
        const { cameraId, micId, quality } = choicesRef.current
        try {
          if (kind === 'camera' && localRef.current.camera) {
            const opened = await openCamera(quality, cameraId)
            const old = localRef.current.camera
            setLocal({ camera: opened.track, cameraMaxWidth: opened.maxWidth, cameraBelowMinimum: opened.belowMinimum })
            if (stateRef.current.me.visible) await edge?.produce('webcam', opened.track)
            old?.stop()
          }
          if (kind === 'microphone') {
            const mic = await openMicrophone(micId)
            const old = localRef.current.mic
            mic.enabled = !stateRef.current.me.audioMuted
            setLocal({ mic })
            if (stateRef.current.me.visible) await edge?.produce('mic', mic)
            old?.stop()
          }
        } catch (error) {
          setNotice({ key: 'failed', reason: error instanceof Error ? error.message : String(error) })
        }
      }, DEVICE_CHANGE_DEBOUNCE_MS),
    [setLocal],
  )

  const chooseDevice = useCallback(
    (kind: 'camera' | 'microphone' | 'speaker', deviceId: string) => {
      const key = kind === 'camera' ? 'cameraId' : kind === 'microphone' ? 'micId' : 'speakerId'
      choicesRef.current = { ...choicesRef.current, [key]: deviceId || null }
      setChoices(choicesRef.current)
      if (kind !== 'speaker') applyDevice(kind)
    },
    [applyDevice],
  )

  const setSendQuality = useCallback(async (quality: SendQuality) => {
    const capped = capSendQuality(quality, localRef.current.cameraMaxWidth)
    choicesRef.current = { ...choicesRef.current, quality: capped }
    setChoices(choicesRef.current)
    await localRef.current.camera
      ?.applyConstraints(cameraConstraints(capped))
      .catch((error: unknown) => console.warn('camera constraints refused', error))
  }, [])

  const act = useCallback(async (run: () => Promise<unknown>) => {
    try {
      await run()
    } catch (error) {
      setNotice({ key: 'failed', reason: error instanceof Error ? error.message : String(error) })
    }
  }, [])

  /** Waiting room: ring the hosts (a guest under the name they gave); the view shows the edge's refusal if any. */
  const callHost = useCallback(
    (name?: string) =>
      act(async () => {
        if (name !== undefined) dispatch({ type: 'myPeerChanged', patch: { name } })
        // As with peer data, a member calls under their account's name: only a guest's counts.
        const call = await sessionRef.current!.callHost(
          config.me.isGuest ? (name ?? stateRef.current.me.name) : undefined,
        )
        dispatch({ type: 'myCall', call })
        // An absent host hears of it by mail or SMS: the web app decides whether (the edge sends no mail).
        void fetch('/resources/call-host', {
          method: 'POST',
          body: new URLSearchParams({ brand: config.community.slug, room: config.room.slug }),
        }).catch(() => undefined)
      }),
    [act, config.community.slug, config.room.slug, config.me.isGuest],
  )
  callHostRef.current = callHost

  // Host and co-hosts hear people come and go (even when not in the meeting themselves);
  // the embedding page hears the participant count.
  const visibleIds = useMemo(
    () =>
      visiblePeers(state)
        .map((peer) => peer.id)
        .sort()
        .join(','),
    [state],
  )
  const previousIds = useRef<string | null>(null)
  useEffect(() => {
    const before = previousIds.current
    previousIds.current = visibleIds
    if (before === null || !stateRef.current.me.peerId) return
    const was = new Set(before ? before.split(',') : [])
    const now = new Set(visibleIds ? visibleIds.split(',') : [])
    const joined = [...now].some((id) => !was.has(id))
    const left = [...was].some((id) => !now.has(id))
    const { me } = stateRef.current
    if (me.isHost || me.isCoHost) {
      if (joined) playPeerSound('join')
      else if (left) playPeerSound('leave')
    }
    const participants = participantCount(stateRef.current)
    if (joined) notifyEmbedder(config.room.slug, { event: 'participantJoined', participants })
    if (left) notifyEmbedder(config.room.slug, { event: 'participantLeft', participants })
  }, [visibleIds, config.room.slug])

  // An answered call leads into the meeting, entered by itself after 1 s.
  const answered = state.view === 'waitingRoom' && state.myCall?.status === 'answered'
  useEffect(() => {
    if (!answered) return
    let timer: ReturnType<typeof setTimeout> | undefined
    sessionRef.current!.admitted().then(
      // The waiting room says I was let in until the meeting view replaces it; the camera and microphone
      // open again meanwhile (join waits for them).
      () => {
        mediaReady.current = openLocalMedia()
        timer = setTimeout(() => void join(), AUTO_ENTER_DELAY_MS)
      },
      (error: unknown) =>
        dispatch({ type: 'joinFailed', error: error instanceof Error ? error.message : String(error) }),
    )
    return () => clearTimeout(timer)
  }, [answered, join, openLocalMedia])

  useEffect(() => {
    if (!state.me.visible) return
    return holdScreenWakeLock()
  }, [state.me.visible])

  useEffect(() => {
    if (typeof navigator === 'undefined' || !navigator.mediaDevices) return
    const onChange = debounce(() => void refreshDevices(), DEVICE_CHANGE_DEBOUNCE_MS)
    navigator.mediaDevices.addEventListener('devicechange', onChange)
    return () => {
      onChange.cancel()
      navigator.mediaDevices.removeEventListener('devicechange', onChange)
    }
  }, [refreshDevices])

  useEffect(() => {
    if (!notice) return
    const timer = setTimeout(() => setNotice(null), 5000)
    return () => clearTimeout(timer)
  }, [notice])

  useEffect(() => () => sessionRef.current?.close(), [])
  useEffect(() => () => clearTimeout(liveTimer.current ?? undefined), [])

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1))
    const cancel = window.cancelIdleCallback ?? window.clearTimeout
    const handle = idle(() => EdgeSession.prefetchLibraries())
    return () => cancel(handle)
  }, [])

  // Back after an edge restart or a lost connection, or a host sent here to join at once (the
  // callback's aj flag): the device check opens and I am in the meeting (after a restart the edge
  // that hosts it may be another one). Coming back is at once: the person was in the meeting a
  // moment ago and chose nothing new. An auto-enter keeps the spec's 1 s, in which the device check
  // shows what is about to be sent.
  useEffect(() => {
    const key = rejoinKey(config.room.id)
    let saved: { at?: number; name?: string } | null = null
    try {
      saved = JSON.parse(sessionStorage.getItem(key) ?? 'null')
    } catch {
      saved = null
    }
    const rejoining = Boolean(saved?.at && Date.now() - saved.at <= REJOIN_WINDOW_MS)
    if (!rejoining && !config.autoEnter) return
    if (saved?.name) dispatch({ type: 'myPeerChanged', patch: { name: saved.name } })
    openMirrorCheck()
    // The mark goes when the join starts (a development double render clears the first timer).
    const timer = setTimeout(
      () => {
        sessionStorage.removeItem(key)
        void join()
      },
      rejoining ? 0 : AUTO_ENTER_DELAY_MS,
    )
    return () => clearTimeout(timer)
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return {
    state,
    dispatch,
    session,
    local,
    devices,
    choices,
    qualities: availableSendQualities(local.cameraMaxWidth),
    fatal,
    notice,
    dismissNotice: () => setNotice(null),
    eventSlots,
    actions: {
      openMirrorCheck,
      backHome: () => dispatch({ type: 'showView', view: 'home' }),
      setName: (name: string) => dispatch({ type: 'myPeerChanged', patch: { name } }),
      uploadAvatar,
      retryDevices: openLocalMedia,
      join,
      leave,
      toggleMic,
      toggleCamera,
      toggleAudioOnly,
      toggleScreenShare,
      chooseDevice,
      setSendQuality,
      setViewingMode: (mode: ViewingMode) => dispatch({ type: 'viewingModeSet', mode }),
      togglePin: (peerId: string) => dispatch({ type: 'pinToggled', peerId }),
      kick: (peerId: string) => act(() => sessionRef.current!.kick(peerId)),
      mute: (peerId: string) => act(() => sessionRef.current!.mute(peerId)),
      disableShare: (peerId: string) => act(() => sessionRef.current!.disableShare(peerId)),
      toggleHand: () => {
        const { me, hands } = stateRef.current
        const up = !hands.some((hand) => hand.peerId === me.peerId)
        return act(() => sessionRef.current!.setHand(up))
      },
      lowerHandFor: (peerId: string) => act(() => sessionRef.current!.lowerHandFor(peerId)),
      /** Throws the edge's refusal, for the poll form to show. */
      createPoll: async (question: string, options: string[]) => {
        const poll = await sessionRef.current!.createPoll(question, options)
        dispatch({ type: 'pollUpdated', poll })
      },
      answerPoll: (pollId: string, option: number) =>
        act(async () => {
          await sessionRef.current!.answerPoll(pollId, option)
          dispatch({ type: 'pollAnswered', pollId, option })
        }),
      closePoll: (pollId: string) => act(() => sessionRef.current!.closePoll(pollId)),
      /** Throws the edge's refusal, for the captions dialog to show. */
      startCaptions: async (language: CaptionLanguage, transcript: boolean) => {
        const captions = await sessionRef.current!.startCaptions(language, transcript)
        dispatch({ type: 'captionsChanged', captions })
      },
      stopCaptions: () =>
        act(async () => {
          await sessionRef.current!.stopCaptions()
          dispatch({ type: 'captionsChanged', captions: { on: false } })
        }),
      react: (emoji: Reaction) => act(() => sessionRef.current!.react(emoji)),
      /** Throws the edge's refusal, for the share form to show. */
      startSharedVideo: async (url: string) => {
        const video = await sessionRef.current!.startSharedVideo(url)
        dispatch({ type: 'sharedVideo', video, receivedAt: performance.now() })
      },
      controlSharedVideo: (control: Parameters<EdgeSession['controlSharedVideo']>[0]) =>
        act(async () => {
          const video: SharedVideo = await sessionRef.current!.controlSharedVideo(control)
          dispatch({ type: 'sharedVideo', video, receivedAt: performance.now() })
        }),
      endSharedVideo: () =>
        act(async () => {
          await sessionRef.current!.endSharedVideo()
          dispatch({ type: 'sharedVideo', video: null, receivedAt: performance.now() })
        }),
      breakouts: breakoutActions(sessionRef, dispatch, act),
      /** Hosts and co-hosts: reads the meeting log; new lines follow by themselves. */
      readLog: () => act(async () => dispatch({ type: 'logRead', entries: await sessionRef.current!.meetingLog() })),
      /** A host's event control; the new state also comes to everyone as event.updated. */
      eventControl: (control: EventControl, payload?: Record<string, unknown>) =>
        act(async () =>
          dispatchEvent({
            type: 'updated',
            event: await sessionRef.current!.eventControl(control, payload),
            at: Date.now(),
          }),
        ),
      dismissLateJoiner: () => dispatchEvent({ type: 'lateJoinerDismissed' }),
      takePartInEvent: (part: boolean) =>
        act(async () => dispatchEvent({ type: 'talkTimer', talkTimer: await sessionRef.current!.takePart(part) })),
      /** Waiting room: ring the hosts, or hang up; the view shows the edge's refusal if any. */
      callHost,
      cancelCall: (callId: string) =>
        act(async () => {
          const call = await sessionRef.current!.cancelCall(callId)
          dispatch({ type: 'myCall', call })
        }),
      /**
       * After a missed or declined call, a message for the host (the waiting room's form, its video
       * included, sent as multipart): what the server said, for the form to show.
       */
      leaveMessage: async (form: FormData): Promise<LeaveMessageResult> => {
        form.set('brand', config.community.slug)
        form.set('room', config.room.slug)
        try {
          const response = await fetch('/resources/call-message', { method: 'POST', body: form })
          const body = (await response.json().catch(() => ({}))) as {
            error?: string
            fieldErrors?: Record<string, string[]>
            retryAfterSeconds?: number
          }
          return {
            status: response.status,
            error: body.error ?? null,
            fieldErrors: body.fieldErrors ?? {},
            retryAfterSeconds: body.retryAfterSeconds ?? 0,
          }
        } catch {
          // Offline, or the connection dropped: said like any failure to send.
          return { status: 0, error: null, fieldErrors: {}, retryAfterSeconds: 0 }
        }
      },
      /** A host or co-host locks or opens the room; config.room.locked follows when the page re-reads it. */
      setLocked: (locked: boolean) => act(() => sessionRef.current!.setLocked(locked)),
      answerCall: (callId: string) =>
        act(async () => dispatch({ type: 'callUpdated', call: await sessionRef.current!.answerCall(callId) })),
      declineCall: (callId: string, message: string) =>
        act(async () =>
          dispatch({ type: 'callUpdated', call: await sessionRef.current!.declineCall(callId, message) }),
        ),
      /** Throw the edge's refusal, for the recording control to explain. */
      startRecording: () => sessionRef.current!.startRecording(),
      stopRecording: () => sessionRef.current!.stopRecording(),
      startLive: (url: string, streamKey: string, channel: string) =>
        sessionRef.current!.startLive(url, streamKey, channel),
      pauseLive: () => sessionRef.current!.pauseLive(),
      resumeLive: () => sessionRef.current!.resumeLive(),
      stopLive: () => sessionRef.current!.stopLive(),
      sendChat: async (text: string) => {
        const message = await sessionRef.current!.sendChat(text)
        dispatch({ type: 'chatMessage', message })
      },
    },
  }
}

export type Meeting = ReturnType<typeof useMeeting>

/** /resources/call-message's answer: its status (0 when it never came), its error code, the field errors of a 400 and a 429's wait. */
export type LeaveMessageResult = {
  status: number
  error: string | null
  fieldErrors: Record<string, string[]>
  retryAfterSeconds: number
}

/**
 * The hosts' breakout controls. Refusals of a name come back to the form that sent it (thrown);
 * the others show as a notice. The room list comes back through `meetingRooms` after each change.
 */
function breakoutActions(
  sessionRef: { current: EdgeSession | null },
  dispatch: (action: MeetingAction) => void,
  act: (run: () => Promise<unknown>) => Promise<void>,
) {
  const admin = () => sessionRef.current!.admin()
  return {
    refresh: () => act(async () => dispatch({ type: 'meetingRooms', rooms: await admin().rooms() })),
    create: (mainMeetingRoomId: string, name: string) => admin().create(mainMeetingRoomId, name),
    rename: async (meetingRoomId: string, name: string) => {
      await admin().rename(meetingRoomId, name)
    },
    setMove: (meetingPeerId: string, moveToMeetingRoomId: string) =>
      act(() => admin().setMove(meetingPeerId, moveToMeetingRoomId)),
    clearMove: (meetingPeerId: string) => act(() => admin().clearMove(meetingPeerId)),
    /** Every room's pending moves, applied or cancelled room by room. */
    applyMoves: (meetingRoomIds: string[]) =>
      act(() => Promise.all(meetingRoomIds.map((id) => admin().applyMoves(id)))),
    cancelMoves: (meetingRoomIds: string[]) =>
      act(() => Promise.all(meetingRoomIds.map((id) => admin().cancelMoves(id)))),
    end: (mainMeetingRoomId: string) => act(() => admin().end(mainMeetingRoomId)),
  }
}
