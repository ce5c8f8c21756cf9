import { describe, expect, it } from 'vitest'
import { EDGE_ERRORS } from '#edge/contract/protocol'
import { peerFromServer } from '#app/meeting/state'
import { added, fresh, inMeeting, joinResult, peer, run } from './fixtures'

describe('joining', () => {
  it('enter: joining true, then visible with status joining, in the meeting view', () => {
    const joining = run(fresh(), { type: 'showView', view: 'mirrorCheck' }, { type: 'joinStarted' })
    expect(joining.me).toMatchObject({ joining: true, visible: false, status: 'browsing' })
    const entered = run(joining, { type: 'entered', smallScreen: false })
    expect(entered.me).toMatchObject({ joining: false, visible: true, status: 'joining' })
    expect(entered.view).toBe('meeting')
    expect(run(entered, { type: 'statusChanged', status: 'participating' }).me.status).toBe('participating')
  })

  it('a failure sets joining and visible false, status browsing, and goes back to the home view', () => {
    const failed = run(
      fresh(),
      { type: 'showView', view: 'mirrorCheck' },
      { type: 'joinStarted' },
      { type: 'joinFailed', error: 'This room is locked.' },
    )
    expect(failed.me).toMatchObject({ joining: false, visible: false, status: 'browsing' })
    expect(failed.view).toBe('home')
    expect(failed.joinError).toBe('This room is locked.')
  })

  it('the room as joined: the others keyed by id (not me), the stored chat, the speakers', () => {
    const chat = [
      {
        id: 'c1',
        peerId: 'a',
        userId: 'user-a',
        name: 'A',
        guest: false,
        text: 'hello',
        sentAt: '2025-01-01T10:00:00.000Z',
      },
    ]
    const state = run(fresh(), {
      type: 'roomJoined',
      result: joinResult([peer('a'), peer('b')], {
        chat,
        room: { activeSpeakerId: 'a', primarySpeakerId: 'b', screenShareId: null },
      }),
    })
    expect(Object.keys(state.peers).sort()).toEqual(['a', 'b'])
    expect(state.me.peerId).toBe('me')
    expect(state.chat).toEqual(chat)
    expect(state).toMatchObject({ activeSpeakerId: 'a', primarySpeakerId: 'b', meetingRoomId: 'meeting-1' })
  })
})

describe('peers', () => {
  it('refuses a peer without an id with the spec text', () => {
    expect(() => peerFromServer({ ...peer('x'), id: '' })).toThrow(EDGE_ERRORS.peerIdRequired)
    expect(() => peerFromServer(undefined as never)).toThrow(EDGE_ERRORS.peerIdRequired)
  })

  it('adds, updates (keeping the pin) and removes peers', () => {
    let state = run(inMeeting([]), added(peer('a')), { type: 'pinToggled', peerId: 'a' })
    state = run(state, { type: 'peerUpdated', peer: peer('a', { audioMuted: true }) })
    expect(state.peers.a).toMatchObject({ audioMuted: true, pinned: true })
    state = run(state, { type: 'peerRemoved', peerId: 'a' })
    expect(state.peers.a).toBeUndefined()
  })

  it('pinning toggles, one pinned peer at a time', () => {
    let state = run(inMeeting([peer('a'), peer('b')]), { type: 'pinToggled', peerId: 'a' })
    expect(state.peers.a!.pinned).toBe(true)
    state = run(state, { type: 'pinToggled', peerId: 'b' })
    expect([state.peers.a!.pinned, state.peers.b!.pinned]).toEqual([false, true])
    state = run(state, { type: 'pinToggled', peerId: 'b' })
    expect(state.peers.b!.pinned).toBe(false)
  })

  it('an update about me carries the server word on my microphone (a host muted me)', () => {
    const state = run(inMeeting([]), { type: 'peerUpdated', peer: peer('me', { audioMuted: true }) })
    expect(state.me.audioMuted).toBe(true)
    expect(state.peers.me).toBeUndefined()
  })

  it('an active-speaker change also records the primary speaker and marks who speaks', () => {
    let state = run(inMeeting([peer('a'), peer('b')]), { type: 'activeSpeaker', peerId: 'a' })
    expect(state).toMatchObject({ activeSpeakerId: 'a', primarySpeakerId: 'a' })
    expect([state.peers.a!.speaking, state.peers.b!.speaking]).toEqual([true, false])
    state = run(state, { type: 'activeSpeaker', peerId: null })
    expect(state).toMatchObject({ activeSpeakerId: null, primarySpeakerId: 'a' })
    state = run(state, { type: 'activeSpeaker', peerId: 'b', primarySpeakerId: 'a' })
    expect(state).toMatchObject({ activeSpeakerId: 'b', primarySpeakerId: 'a' })
  })
})

describe('viewing modes', () => {
  it('desktop starts in tiles, small screens in primary speaker (the community defaults)', () => {
    expect(inMeeting([]).viewingMode).toBe('tiles')
    expect(inMeeting([], true).viewingMode).toBe('primarySpeaker')
  })

  it('a screen-sharing peer sets screenShareId and presenter mode; when it stops, the previous mode returns', () => {
    let state = run(inMeeting([peer('a')], true), { type: 'peerUpdated', peer: peer('a', { screenSharing: true }) })
    expect(state).toMatchObject({ screenShareId: 'a', viewingMode: 'presenter', previousViewingMode: 'primarySpeaker' })
    state = run(state, { type: 'peerUpdated', peer: peer('a', { screenSharing: false }) })
    expect(state).toMatchObject({ screenShareId: null, viewingMode: 'primarySpeaker', previousViewingMode: null })
  })

  it('removing the sharing peer clears screenShareId', () => {
    const state = run(inMeeting([]), added(peer('a', { screenSharing: true })), { type: 'peerRemoved', peerId: 'a' })
    expect(state).toMatchObject({ screenShareId: null, viewingMode: 'tiles' })
  })

  it('my own screen share moves me to presenter and back', () => {
    let state = run(inMeeting([peer('a')]), { type: 'myScreenShare', sharing: true })
    expect(state).toMatchObject({ screenShareId: 'me', viewingMode: 'presenter', previousViewingMode: 'tiles' })
    state = run(state, { type: 'myScreenShare', sharing: false })
    expect(state).toMatchObject({ screenShareId: null, viewingMode: 'tiles' })
  })

  it('a share that starts before I enter opens the meeting in presenter mode', () => {
    const state = run(fresh(), { type: 'roomJoined', result: joinResult([peer('a', { screenSharing: true })]) })
    expect(state.viewingMode).toBe('tiles')
    expect(run(state, { type: 'entered', smallScreen: false })).toMatchObject({
      viewingMode: 'presenter',
      previousViewingMode: 'tiles',
    })
  })

  it('a mode chosen by hand is kept, and the one before it remembered', () => {
    const state = run(inMeeting([]), { type: 'viewingModeSet', mode: 'primarySpeaker' })
    expect(state).toMatchObject({ viewingMode: 'primarySpeaker', previousViewingMode: 'tiles' })
  })
})

describe('chat, connection, kick', () => {
  it('keeps each chat message once, oldest first (a reconnect hands the history over again)', () => {
    const first = {
      id: '1',
      peerId: 'a',
      userId: 'u',
      name: 'A',
      guest: false,
      text: 'one',
      sentAt: '2025-01-01T10:00:00.000Z',
    }
    const second = { ...first, id: '2', text: 'two', sentAt: '2025-01-01T10:01:00.000Z' }
    let state = run(
      inMeeting([]),
      { type: 'chatMessage', message: second },
      { type: 'chatMessage', message: first },
      { type: 'chatMessage', message: second },
    )
    expect(state.chat.map((message) => message.id)).toEqual(['1', '2'])
    state = run(state, { type: 'roomJoined', result: joinResult([], { chat: [first, second] }) })
    expect(state.chat.map((message) => message.id)).toEqual(['1', '2'])
  })

  it('tracks reconnect attempts and a lost connection', () => {
    let state = run(inMeeting([]), { type: 'connection', status: 'connecting', attempt: 2 })
    expect(state.connection).toEqual({ status: 'connecting', attempt: 2, lost: false })
    state = run(state, { type: 'connection', status: 'connected' })
    expect(state.connection.attempt).toBe(0)
    expect(run(state, { type: 'connectionLost' }).connection).toMatchObject({ status: 'closed', lost: true })
  })

  it('kicked: out of the meeting', () => {
    expect(run(inMeeting([]), { type: 'kicked' }).me).toMatchObject({ kicked: true, visible: false })
  })
})

describe('raised hands and reactions', () => {
  it('takes the queue from the join answer and from hand:queue', () => {
    const hand = { peerId: 'ana', raisedAt: '2026-01-01T00:00:00.000Z' }
    const joined = run(fresh(), { type: 'roomJoined', result: joinResult([peer('ana')], { hands: [hand] }) })
    expect(joined.hands).toEqual([hand])
    expect(run(joined, { type: 'handQueue', hands: [] }).hands).toEqual([])
  })

  it("shows a peer's latest reaction and ends only that one", () => {
    const state = run(
      inMeeting([peer('ana')]),
      { type: 'reactionShown', peerId: 'ana', emoji: '👍', id: 1 },
      { type: 'reactionShown', peerId: 'ana', emoji: '🎉', id: 2 },
    )
    expect(state.reactions.ana).toEqual({ emoji: '🎉', id: 2 })
    // The older one's timer leaves the newer one up; the newer one's takes it down.
    expect(run(state, { type: 'reactionEnded', peerId: 'ana', id: 1 }).reactions.ana).toEqual({ emoji: '🎉', id: 2 })
    expect(run(state, { type: 'reactionEnded', peerId: 'ana', id: 2 }).reactions).toEqual({})
  })
})

describe('quick polls', () => {
  const poll = { id: 'p1', question: 'Q?', options: ['a', 'b'], counts: [0, 0], closed: false }
  it('keeps my answer for the same poll and starts a new poll unanswered', () => {
    const answered = run(
      inMeeting([]),
      { type: 'pollUpdated', poll },
      { type: 'pollAnswered', pollId: 'p1', option: 1 },
    )
    expect(answered.pollAnswer).toBe(1)
    expect(run(answered, { type: 'pollUpdated', poll: { ...poll, counts: [0, 1] } }).pollAnswer).toBe(1)
    expect(run(answered, { type: 'pollUpdated', poll: { ...poll, id: 'p2' } }).pollAnswer).toBeNull()
    // An answer to an older poll changes nothing.
    expect(run(answered, { type: 'pollAnswered', pollId: 'old', option: 0 }).pollAnswer).toBe(1)
  })
})

describe('recording (recorderTriggered; recording is active when any peer is a recorder)', () => {
  it('shows a recording asked for until it starts or fails, and the recorder peer marks the meeting recorded', () => {
    const triggered = run(inMeeting([peer('a')]), { type: 'recorderTriggered', triggered: true })
    expect(triggered.recorderTriggered).toBe(true)
    const started = run(
      triggered,
      { type: 'peerAdded', peer: peerFromServer({ ...peer('bot'), isRecorder: true }) },
      { type: 'recorderTriggered', triggered: false },
    )
    expect(started.recorderTriggered).toBe(false)
    expect(Object.values(started.peers).some((p) => p.isRecorder)).toBe(true)
    expect(Object.values(run(started, { type: 'peerRemoved', peerId: 'bot' }).peers).some((p) => p.isRecorder)).toBe(
      false,
    )
  })
})

describe('live stream (liveState)', () => {
  it('a late joiner is shown the stream at once; each change shows as the client is told to show it', () => {
    const joined = run(fresh(), {
      type: 'roomJoined',
      result: joinResult([peer('a')], { live: { state: 'joined', error: null } }),
    })
    expect(joined.live).toEqual({ state: 'joined', error: null })
    expect(run(joined, { type: 'liveShown', live: { state: 'idle', error: 'cut off' } }).live).toEqual({
      state: 'idle',
      error: 'cut off',
    })
    expect(run(fresh(), { type: 'roomJoined', result: joinResult([]) }).live).toEqual({ state: 'idle', error: null })
  })
})
