import type { Server, Socket } from 'socket.io'
import type { Meeting } from './meeting'
import type { EdgePeer } from './peer'
import type { ClientToServerEvents, ServerToClientEvents } from './contract/events'
import type { EdgeClaims } from './contract/protocol'
import type { EdgeServerSideEvents } from './contract/room-commands'

/** What the edge keeps on each socket: the verified token, and the peer once it has joined. */
export interface SocketData {
  claims: EdgeClaims
  /**
   * The meeting page this socket belongs to: its user's id and the page's own id (sent at each
   * connection attempt; the token's id when it sends none). A page reconnecting with a fresh pass
   * replaces its earlier self; it can only name its own user's peers.
   */
  page: string
  peer: EdgePeer | null
  meeting: Meeting | null
}

/** The server-side events are what the web app sends every edge (contract/room-commands.ts). */
export type EdgeIo = Server<ClientToServerEvents, ServerToClientEvents, EdgeServerSideEvents, SocketData>
export type EdgeSocket = Socket<ClientToServerEvents, ServerToClientEvents, EdgeServerSideEvents, SocketData>
