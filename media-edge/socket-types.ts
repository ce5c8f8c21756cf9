import type { Server, Socket } from 'socket.io'
import type { Meeting } from './meeting'
import type { EdgePeer } from './peer'
import type { ClientToServerEvents, EdgeClaims, ServerToClientEvents } from './contract/protocol'

/** What the edge keeps on each socket: the verified token, and the peer once it has joined. */
export interface SocketData {
  claims: EdgeClaims
  tokenId: string
  peer: EdgePeer | null
  meeting: Meeting | null
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type EdgeIo = Server<ClientToServerEvents, ServerToClientEvents, {}, SocketData>
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type EdgeSocket = Socket<ClientToServerEvents, ServerToClientEvents, {}, SocketData>
