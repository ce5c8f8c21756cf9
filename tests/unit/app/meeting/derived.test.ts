import { describe, expect, it } from 'vitest'
import {
  callerPeers,
  connectedPeers,
  hostConnected,
  participantCount,
  recordingActive,
  stagePeerId,
  visiblePeers,
} from '#app/meeting/derived'
import { added, fresh, inMeeting, peer, run } from './fixtures'

describe('derived peer sets', () => {
  const state = inMeeting([
    peer('person'),
    peer('live', { isLive: true }),
    peer('recorder', { isRecorder: true }),
    peer('widget', { component: true }),
    peer('browsing', { visible: false }),
  ])

  it('connected peers exclude live, recorder and component peers', () => {
    expect(
      connectedPeers(state)
        .map((p) => p.id)
        .sort(),
    ).toEqual(['browsing', 'person'])
    expect(visiblePeers(state).map((p) => p.id)).toEqual(['person'])
  })

  it('recording is active when any peer is a recorder', () => {
    expect(recordingActive(state)).toBe(true)
    expect(recordingActive(inMeeting([peer('a')]))).toBe(false)
  })

  it('the host is connected when I am the host or a peer has the host user id', () => {
    expect(hostConnected(inMeeting([peer('a')]))).toBe(false)
    expect(hostConnected(inMeeting([peer('h', { userId: 'user-host' })]))).toBe(true)
    expect(hostConnected(fresh({ isHost: true }))).toBe(true)
  })

  it('caller peers are those with calling status "calling"', () => {
    const base = inMeeting([peer('a'), peer('b')])
    const withCaller = {
      ...base,
      peers: {
        ...base.peers,
        a: { ...base.peers.a!, calling: { status: 'calling' } },
        b: { ...base.peers.b!, calling: { status: 'answered' } },
      },
    }
    expect(callerPeers(withCaller).map((p) => p.id)).toEqual(['a'])
  })

  it('the participant count is the visible people plus me once I am in', () => {
    expect(participantCount(state)).toBe(2)
    expect(participantCount(run(fresh(), added(peer('a'))))).toBe(1)
  })

  it('the stage goes to the pinned peer, else the primary speaker, else the active one, else the first', () => {
    let meeting = inMeeting([peer('a'), peer('b'), peer('c')])
    expect(stagePeerId(meeting)).toBe('a')
    meeting = run(meeting, { type: 'activeSpeaker', peerId: 'b' })
    expect(stagePeerId(meeting)).toBe('b')
    meeting = run(meeting, { type: 'pinToggled', peerId: 'c' })
    expect(stagePeerId(meeting)).toBe('c')
    expect(stagePeerId(inMeeting([]))).toBeNull()
  })
})
