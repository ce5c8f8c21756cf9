// Just enough of a TURN client (RFC 5766 over UDP, with RFC 5389's long-term credentials) to ask a coturn for an
// allocation and for permissions to peers: what a browser does before it relays media. deploy.test.ts uses it to
// check that coturn accepts the edge's credentials (media-edge/turn.ts) and refuses the addresses it must refuse.
import { createHash, createHmac, randomBytes } from 'node:crypto'
import { createSocket, type Socket } from 'node:dgram'

const MAGIC_COOKIE = 0x2112a442
const METHOD = { allocate: 0x003, createPermission: 0x008 } as const
const ATTRIBUTE = {
  username: 0x0006,
  messageIntegrity: 0x0008,
  errorCode: 0x0009,
  realm: 0x0014,
  nonce: 0x0015,
  xorPeerAddress: 0x0012,
  requestedTransport: 0x0019,
} as const

type Attribute = { type: number; value: Buffer }
/** A response: success, or the error code coturn gave (401 unauthenticated, 403 forbidden, …). */
export type TurnAnswer = { ok: true } | { ok: false; code: number; reason: string }

function message(method: number, transactionId: Buffer, attributes: Attribute[], key?: Buffer): Buffer {
  const body = Buffer.concat(
    attributes.map(({ type, value }) => {
      const header = Buffer.alloc(4)
      header.writeUInt16BE(type, 0)
      header.writeUInt16BE(value.length, 2)
      return Buffer.concat([header, value, Buffer.alloc((4 - (value.length % 4)) % 4)])
    }),
  )
  const header = Buffer.alloc(20)
  header.writeUInt16BE(method, 0) // a request: class bits 0
  header.writeUInt32BE(MAGIC_COOKIE, 4)
  transactionId.copy(header, 8)
  if (!key) {
    header.writeUInt16BE(body.length, 2)
    return Buffer.concat([header, body])
  }
  // MESSAGE-INTEGRITY: HMAC-SHA1 over everything before it, with the length already counting it (24 bytes).
  header.writeUInt16BE(body.length + 24, 2)
  const digest = createHmac('sha1', key)
    .update(Buffer.concat([header, body]))
    .digest()
  const integrity = Buffer.alloc(4)
  integrity.writeUInt16BE(ATTRIBUTE.messageIntegrity, 0)
  integrity.writeUInt16BE(20, 2)
  return Buffer.concat([header, body, integrity, digest])
}

function parse(packet: Buffer) {
  const type = packet.readUInt16BE(0)
  const attributes = new Map<number, Buffer>()
  for (let at = 20; at + 4 <= packet.length;) {
    const attribute = packet.readUInt16BE(at)
    const length = packet.readUInt16BE(at + 2)
    attributes.set(attribute, packet.subarray(at + 4, at + 4 + length))
    at += 4 + length + ((4 - (length % 4)) % 4)
  }
  return { type, transactionId: packet.subarray(8, 20), attributes }
}

function answerOf(packet: ReturnType<typeof parse>): TurnAnswer {
  // Class bits (0x0110): 0x0100 success, 0x0110 error.
  if ((packet.type & 0x0110) === 0x0100) return { ok: true }
  const error = packet.attributes.get(ATTRIBUTE.errorCode)
  if (!error) return { ok: false, code: 0, reason: 'no ERROR-CODE' }
  return { ok: false, code: error[2]! * 100 + error[3]!, reason: error.subarray(4).toString('utf8') }
}

const xorPeerAddress = (ip: string, port: number) => {
  const value = Buffer.alloc(8)
  value.writeUInt16BE(0x01, 0) // IPv4
  value.writeUInt16BE(port ^ (MAGIC_COOKIE >>> 16), 2)
  const address = ip.split('.').reduce((sum, octet) => sum * 256 + Number(octet), 0)
  value.writeUInt32BE((address ^ MAGIC_COOKIE) >>> 0, 4)
  return value
}

/** One client: a UDP socket to coturn, an allocation made with a user name and password. */
export class TurnClient {
  private readonly socket: Socket
  private realm: Buffer = Buffer.alloc(0)
  private nonce: Buffer = Buffer.alloc(0)

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {
    this.socket = createSocket('udp4')
  }

  private send(packet: Buffer, transactionId: Buffer): Promise<ReturnType<typeof parse>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.socket.off('message', onMessage)
        reject(new Error('no answer from the TURN server'))
      }, 2000)
      const onMessage = (data: Buffer) => {
        const answer = parse(data)
        if (!answer.transactionId.equals(transactionId)) return
        clearTimeout(timer)
        this.socket.off('message', onMessage)
        resolve(answer)
      }
      this.socket.on('message', onMessage)
      this.socket.send(packet, this.port, this.host)
    })
  }

  /** A request signed with the long-term key: MD5(username:realm:password). */
  private async signed(method: number, attributes: Attribute[], username: string, password: string) {
    const key = createHash('md5')
      .update(`${username}:${this.realm.toString('utf8')}:${password}`)
      .digest()
    const id = randomBytes(12)
    const all = [
      ...attributes,
      { type: ATTRIBUTE.username, value: Buffer.from(username) },
      { type: ATTRIBUTE.realm, value: this.realm },
      { type: ATTRIBUTE.nonce, value: this.nonce },
    ]
    return answerOf(await this.send(message(method, id, all, key), id))
  }

  /** Allocate a UDP relay: first unsigned (coturn answers 401 with its realm and nonce), then signed. */
  async allocate(username: string, password: string): Promise<TurnAnswer> {
    const transport = [{ type: ATTRIBUTE.requestedTransport, value: Buffer.from([17, 0, 0, 0]) }]
    const id = randomBytes(12)
    const challenge = await this.send(message(METHOD.allocate, id, transport), id)
    const first = answerOf(challenge)
    if (first.ok || first.code !== 401) return first
    this.realm = challenge.attributes.get(ATTRIBUTE.realm) ?? Buffer.alloc(0)
    this.nonce = challenge.attributes.get(ATTRIBUTE.nonce) ?? Buffer.alloc(0)
    return this.signed(METHOD.allocate, transport, username, password)
  }

  /** Ask to relay to (and from) a peer: coturn answers 403 for a denied address. */
  createPermission(peer: string, username: string, password: string): Promise<TurnAnswer> {
    return this.signed(
      METHOD.createPermission,
      [{ type: ATTRIBUTE.xorPeerAddress, value: xorPeerAddress(peer, 9) }],
      username,
      password,
    )
  }

  close() {
    this.socket.close()
  }
}
