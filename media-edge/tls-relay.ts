// rtmps:// pinned to a checked address without losing its host name (docs/security.md). Giving
// ffmpeg the URL with the address in place of the host would close the DNS-rebinding window but
// send no SNI (ffmpeg sends none for a numeric host), and ingest servers behind a shared TLS front
// end need it; ffmpeg 5.1 has no option to connect to one address and name another, and its TLS
// through an HTTP proxy blocks on every write. So the edge speaks the TLS: ffmpeg publishes plain
// RTMP to this relay on loopback, which opens TLS to the checked address with the host name as
// SNI. Like ffmpeg's own TLS by default, it does not check the certificate.
import { createServer, type AddressInfo, type Socket } from 'node:net'
import { connect as connectTls } from 'node:tls'
import { isIP } from 'node:net'
import type { ResolvedTarget } from './egress'

export interface TlsRelay {
  /** The loopback port ffmpeg publishes to. */
  port: number
  close(): void
}

/** Opens a relay on loopback: each connection to it goes on over TLS to the checked address and port, named as the host. */
export async function openTlsRelay(target: ResolvedTarget, port: number): Promise<TlsRelay> {
  const sockets = new Set<Socket>()
  const track = (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  }
  const server = createServer((local) => {
    track(local)
    // No SNI for a host written as an address, as TLS has none for it.
    const remote = connectTls({
      host: target.address,
      port,
      servername: isIP(target.host) ? undefined : target.host,
      rejectUnauthorized: false,
    })
    track(remote)
    local.pipe(remote).pipe(local)
    local.on('error', () => remote.destroy())
    remote.on('error', () => local.destroy())
    local.once('close', () => remote.destroy())
    remote.once('close', () => local.destroy())
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  // It lives as long as one push; it never keeps the edge's process up.
  server.unref()
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      server.close()
      for (const socket of sockets) socket.destroy()
    },
  }
}
