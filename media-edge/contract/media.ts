// The meeting's media: the peer's mediasoup transports, what it sends (producers) and what it
// receives (consumers), and who speaks.
import { z } from 'zod'
import { answers, id, json, type ClientEventDefinition, type Json } from './event-parts'

export const MEDIA_SOURCES = ['mic', 'webcam', 'screen'] as const
export type MediaSource = (typeof MEDIA_SOURCES)[number]

/** Simulcast and SVC layers are numbered from 0; no encoding the client makes has more than four. */
export const MEDIA_LAYER_MAX = 3

const layer = z.number().int().min(0).max(MEDIA_LAYER_MAX)
const capabilities = z.object({ rtpCapabilities: json })
const producer = z.object({ producerId: id })
const consumer = z.object({ consumerId: id })

export const mediaClientEvents = {
  /**
   * Everything receiving needs, done while the person is still at the device check (one round trip
   * for setPeerRtpCapabilities, both createWebRtcTransport and sfuEnter): the edge keeps the
   * capabilities, makes both transports and offers paused consumers of what the others send
   * (newConsumer). Nobody sees a prepared peer: it stays invisible, sends nothing, and its consumers
   * stay paused (resumeConsumer is refused) until it enters.
   */
  prepare: { payload: capabilities, answer: answers<PreparedMedia>() },
  getRouterRtpCapabilities: { answer: answers<Json>() },
  setPeerRtpCapabilities: { payload: capabilities, answer: answers() },
  createWebRtcTransport: {
    payload: z.object({
      direction: z.enum(['send', 'recv']),
      producing: z.boolean().optional(),
      consuming: z.boolean().optional(),
    }),
    answer: answers<TransportOptions>(),
  },
  connectWebRtcTransport: { payload: z.object({ transportId: id, dtlsParameters: json }), answer: answers() },
  restartIce: { payload: z.object({ transportId: id }), answer: answers<{ iceParameters: Json }>() },
  produce: {
    payload: z.object({
      transportId: id,
      kind: z.enum(['audio', 'video']),
      rtpParameters: json,
      appData: z.object({ source: z.enum(MEDIA_SOURCES) }),
    }),
    answer: answers<{ id: string }>(),
  },
  /** Ours: stop or pause one of my producers (camera off, share ended, mic muted). */
  closeProducer: { payload: producer, answer: answers() },
  pauseProducer: { payload: producer, answer: answers() },
  resumeProducer: { payload: producer, answer: answers() },
  pauseConsumer: { payload: consumer, answer: answers() },
  resumeConsumer: { payload: consumer, answer: answers() },
  setConsumerPreferredLayers: {
    payload: z.object({ consumerId: id, spatialLayer: layer, temporalLayer: layer.optional() }),
    answer: answers(),
  },
  /** Ready to receive: the server creates (paused) consumers for every existing producer. */
  sfuEnter: { answer: answers() },
  /** The product's other name for sfuEnter (its client emits both): the same request. */
  enterSfu: { answer: answers() },
} satisfies Record<string, ClientEventDefinition>

export interface MediaServerEvents {
  activeSpeaker: (payload: { peerId: string | null }) => void
  activeSpeakerChanged: (payload: { peerId: string | null; primarySpeakerId: string | null }) => void
  newConsumer: (payload: NewConsumer) => void
  consumerClosed: (payload: { consumerId: string }) => void
  /** Ours: a remote producer was paused or resumed (camera off, muted). */
  consumerPaused: (payload: { consumerId: string }) => void
  consumerResumed: (payload: { consumerId: string }) => void
}

export interface RoomMediaState {
  activeSpeakerId: string | null
  primarySpeakerId: string | null
  screenShareId: string | null
}

/** The answer to prepare: both of the peer's transports. */
export interface PreparedMedia {
  send: TransportOptions
  recv: TransportOptions
}

export interface IceServer {
  urls: string | string[]
  username?: string
  credential?: string
}

export interface TransportOptions {
  id: string
  iceParameters: Json
  iceCandidates: Json[]
  dtlsParameters: Json
  sctpParameters?: Json
}

export interface NewConsumer {
  peerId: string
  producerId: string
  id: string
  kind: 'audio' | 'video'
  rtpParameters: Json
  type: string
  appData: { source: MediaSource }
  producerPaused: boolean
}
