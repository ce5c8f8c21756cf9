// What the entries of the client event table (events.ts) are made of, and the payload fields several
// features share. Each feature file lists its client events as { payload, answer }: the zod schema
// the edge reads the payload with, and what the event's Ack carries. An event that carries nothing
// has no payload schema: whatever a client sends with it is ignored.
import { z } from 'zod'

export interface ClientEventDefinition {
  payload?: z.ZodTypeAny
  answer: unknown
}

/** The data an event's Ack carries: a type only, which the edge sends and nothing checks at run time. */
export const answers = <T = undefined>() => undefined as T

/** Ids are 36 characters (ours and mediasoup's); the bound keeps what the edge reads short. */
export const ID_MAX_LENGTH = 64
export const id = z.string().min(1).max(ID_MAX_LENGTH)

/**
 * mediasoup's parameter shapes (RTP, DTLS, capabilities) travel as opaque JSON between mediasoup
 * and mediasoup-client, and mediasoup checks them; typing them here would import mediasoup types
 * into the browser bundle.
 */
export const json = z.record(z.unknown())
export type Json = z.infer<typeof json>
