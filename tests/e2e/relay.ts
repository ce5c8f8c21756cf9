// Meetings on networks that let only relayed media through: the page's peer connections made
// relay-only (what a strict NAT or an office firewall leaves a browser), and what their stats say
// about the path each one took. Shared by meeting-relay.js.spec.ts and the production rehearsal.
import type { Page } from '@playwright/test'

/** An init script: every RTCPeerConnection of the page relay-only, and kept where the test can read its stats. */
export function relayOnly() {
  const Native = window.RTCPeerConnection
  const connections: RTCPeerConnection[] = []
  ;(window as unknown as { __connections: RTCPeerConnection[] }).__connections = connections
  window.RTCPeerConnection = class extends Native {
    constructor(configuration: RTCConfiguration = {}) {
      super({ ...configuration, iceTransportPolicy: 'relay' })
      connections.push(this)
    }
  }
}

/** The local candidate type of each connected transport's selected pair ('relay' through TURN). */
export function selectedCandidateTypes(page: Page) {
  return page.evaluate(async () => {
    const types: string[] = []
    for (const connection of (window as unknown as { __connections: RTCPeerConnection[] }).__connections) {
      if (connection.connectionState === 'closed') continue
      const stats = [...(await connection.getStats()).values()] as Array<Record<string, string>>
      const byId = new Map(stats.map((stat) => [stat.id, stat]))
      for (const transport of stats.filter((stat) => stat.type === 'transport' && stat.selectedCandidatePairId)) {
        const pair = byId.get(transport.selectedCandidatePairId!)
        types.push(byId.get(pair?.localCandidateId ?? '')?.candidateType ?? 'none')
      }
    }
    return types
  })
}

/** Decoded frames of each remote webcam on the page. */
export const remoteFrames = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLVideoElement>('video[data-peer-id][data-source="webcam"]')].map(
      (video) => video.getVideoPlaybackQuality().totalVideoFrames,
    ),
  )
