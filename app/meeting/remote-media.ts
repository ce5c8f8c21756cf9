// Remote tracks by peer and source, outside React state (tracks are not data), with a version
// number React subscribes to through useSyncExternalStore.
import type { MediaSource } from '#edge/contract/media'

export type PeerMedia = Partial<Record<MediaSource, { track: MediaStreamTrack; consumerId: string; paused: boolean }>>

/** One shared empty value: useSyncExternalStore needs the same snapshot while nothing changes. */
const NO_MEDIA: PeerMedia = Object.freeze({})

export class RemoteMedia {
  private byPeer = new Map<string, PeerMedia>()
  private listeners = new Set<() => void>()
  private version = 0

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  getVersion = () => this.version

  get(peerId: string): PeerMedia {
    return this.byPeer.get(peerId) ?? NO_MEDIA
  }

  set(peerId: string, source: MediaSource, entry: { track: MediaStreamTrack; consumerId: string; paused: boolean }) {
    this.byPeer.set(peerId, { ...this.get(peerId), [source]: entry })
    this.changed()
  }

  setPaused(consumerId: string, paused: boolean) {
    for (const [peerId, media] of this.byPeer) {
      for (const [source, entry] of Object.entries(media) as Array<
        [MediaSource, NonNullable<PeerMedia[MediaSource]>]
      >) {
        if (entry.consumerId === consumerId && entry.paused !== paused) {
          this.byPeer.set(peerId, { ...media, [source]: { ...entry, paused } })
          this.changed()
        }
      }
    }
  }

  removeConsumer(consumerId: string) {
    for (const [peerId, media] of this.byPeer) {
      const kept = Object.fromEntries(
        Object.entries(media).filter(([, entry]) => entry.consumerId !== consumerId),
      ) as PeerMedia
      if (Object.keys(kept).length !== Object.keys(media).length) {
        this.byPeer.set(peerId, kept)
        this.changed()
      }
    }
  }

  removePeer(peerId: string) {
    if (this.byPeer.delete(peerId)) this.changed()
  }

  clear() {
    this.byPeer.clear()
    this.changed()
  }

  private changed() {
    this.version++
    for (const listener of this.listeners) listener()
  }
}
