// The meeting's shared video (docs/meetings.md#shared-video): one YouTube or Vimeo
// video at a time, which everyone watches at the same place. The edge holds the truth: the
// position at a wall-clock instant and whether it plays, so whoever asks (a late joiner, a
// reconnect) gets the position now, and every change goes to everyone in full.
//
// Who may do what, decided here from the token, never from what a client says:
// - anyone may start one while none plays, unless the community turned the toolbar's shared video
//   off (EdgeControls, as for chat and screen sharing); the owner may replace their own;
// - only the owner controls playback (seek, play, pause, mute, unmute): the product's rule, and the
//   only way a room full of people clicking stays in step;
// - the owner ends it, and so may the host and co-hosts: they run the room (meeting
//   administration), so they can stop a video that is not welcome without removing its owner;
// - when the owner leaves it ends: nobody else could control it, and a host can start it again.
import { EdgeError } from './edge-error'
import type { Meeting } from './meeting'
import type { EdgePeer } from './peer'
import { EDGE_ERRORS } from './contract/protocol'
import type { SharedVideo, SharedVideoAction } from './contract/shared-video'
import { parseVideoLink, type VideoLink } from './contract/video-link'

/** One shared video's playback, on the edge's clock (ms); pure, so tests drive the clock. */
export class SharedVideoPlayback {
  playing = true
  muted = false
  /** The position at `at`; while playing it moves on with the clock. */
  private positionMs = 0
  private at: number

  constructor(
    readonly link: VideoLink,
    readonly owner: string,
    /** When it started: the product's videoKey. */
    readonly key: number,
  ) {
    this.at = key
  }

  position(now: number) {
    return this.playing ? this.positionMs + Math.max(0, now - this.at) : this.positionMs
  }

  /** Play or pause from the owner's position when it says one (its player is the one people see), else from ours. */
  setPlaying(playing: boolean, now: number, positionMs?: number) {
    this.seek(positionMs ?? this.position(now), now)
    this.playing = playing
  }

  seek(positionMs: number, now: number) {
    this.positionMs = positionMs
    this.at = now
  }

  view(now: number): SharedVideo {
    return {
      provider: this.link.provider,
      videoId: this.link.videoId,
      url: this.link.url,
      owner: this.owner,
      key: this.key,
      state: this.playing ? 'playing' : 'paused',
      muted: this.muted,
      positionMs: Math.round(this.position(now)),
    }
  }
}

function announce<V extends SharedVideo | null>(
  meeting: Meeting,
  action: SharedVideoAction,
  by: EdgePeer,
  video: V,
): V {
  meeting.toAll('room:sharedVideo', { action, video, by: by.id })
  return video
}

/** The owner's peer flag (videoSharing), told to everyone like a screen share. */
function markSharing(meeting: Meeting, peer: EdgePeer, sharing: boolean) {
  if (peer.videoSharing === sharing) return
  peer.videoSharing = sharing
  if (meeting.peers.has(peer.id)) meeting.toAll('peerUpdated', peer.toPeer())
}

export function startSharedVideo(meeting: Meeting, peer: EdgePeer, url: string, now: number): SharedVideo {
  if (!peer.claims.controls.sharedVideo) throw new EdgeError(EDGE_ERRORS.sharedVideoOff)
  const link = parseVideoLink(url)
  if (!link) throw new EdgeError(EDGE_ERRORS.sharedVideoLink)
  if (meeting.sharedVideo && meeting.sharedVideo.owner !== peer.id) throw new EdgeError(EDGE_ERRORS.sharedVideoBusy)
  meeting.sharedVideo = new SharedVideoPlayback(link, peer.id, now)
  markSharing(meeting, peer, true)
  return announce(meeting, 'start', peer, meeting.sharedVideo.view(now))
}

export type SharedVideoControl =
  { action: 'play' | 'pause' | 'seek'; positionMs?: number } | { action: 'mute' | 'unmute' }

/** The owner's controls; anyone else is refused, whatever their peer data says. */
export function controlSharedVideo(
  meeting: Meeting,
  peer: EdgePeer,
  control: SharedVideoControl,
  now: number,
): SharedVideo {
  const video = meeting.sharedVideo
  if (!video) throw new EdgeError(EDGE_ERRORS.notFound)
  if (video.owner !== peer.id) throw new EdgeError(EDGE_ERRORS.sharedVideoOwner)
  switch (control.action) {
    case 'play':
    case 'pause':
      video.setPlaying(control.action === 'play', now, control.positionMs)
      break
    case 'seek':
      video.seek(control.positionMs ?? video.position(now), now)
      break
    case 'mute':
    case 'unmute':
      video.muted = control.action === 'mute'
      break
  }
  return announce(meeting, control.action, peer, video.view(now))
}

/** Ends it for everyone: its owner, the host or a co-host (see the top of this file). */
export function endSharedVideo(meeting: Meeting, peer: EdgePeer) {
  const video = meeting.sharedVideo
  if (!video) throw new EdgeError(EDGE_ERRORS.notFound)
  if (video.owner !== peer.id && !peer.isHost && !peer.isCoHost) throw new EdgeError(EDGE_ERRORS.sharedVideoOwner)
  stop(meeting, peer)
}

/** A peer left: their video ends with them. */
export function sharedVideoOwnerLeft(meeting: Meeting, peer: EdgePeer) {
  if (meeting.sharedVideo?.owner === peer.id) stop(meeting, peer)
}

function stop(meeting: Meeting, by: EdgePeer) {
  const owner = meeting.peers.get(meeting.sharedVideo!.owner)
  meeting.sharedVideo = null
  if (owner) markSharing(meeting, owner, false)
  announce(meeting, 'end', by, null)
}
