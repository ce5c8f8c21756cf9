// Where a live stream goes: the RTMP address a host types, checked before ffmpeg is given it (ffmpeg
// would open any protocol it knows, files included). Pure, tested on its own.
import { EdgeError } from './edge-error'
import { EDGE_ERRORS } from './contract/protocol'

/**
 * The address ffmpeg publishes to: an rtmp:// or rtmps:// URL with a host and an application path,
 * the stream key appended as its last path segment when given apart (services show the two as
 * separate fields; most people paste both). Anything else is EDGE_ERRORS.liveUrlInvalid.
 */
export function rtmpTarget(url: string, streamKey = ''): string {
  const invalid = () => new EdgeError(EDGE_ERRORS.liveUrlInvalid)
  const address = url.trim()
  const key = streamKey.trim()
  // Spaces and control characters have no place in either, and ffmpeg reads a space as an option separator of librtmp.
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\s\x00-\x1f\x7f]/.test(address) || /[\s\x00-\x1f\x7f/?#]/.test(key)) throw invalid()
  let parsed: URL
  try {
    parsed = new URL(address)
  } catch {
    throw invalid()
  }
  if (!['rtmp:', 'rtmps:'].includes(parsed.protocol) || !parsed.hostname || parsed.pathname.replace(/\//g, '') === '')
    throw invalid()
  return key ? `${address.replace(/\/+$/, '')}/${key}` : address
}

/**
 * What ffmpeg's RTMP sends as the connect command's tcUrl for an address (libavformat/rtmpproto.c):
 * `scheme://host[:port]/app`, the app being the path's first segment, or its first two when a
 * further one follows (`/app/instance/key`). The edge connects ffmpeg to a checked address (or a
 * relay on loopback, for rtmps://) rather than the host written, and passes this as -rtmp_tcurl so
 * the service still sees its own name, as some route by it.
 */
export function rtmpTcUrl(url: string): string {
  const [, scheme = '', host = '', path = ''] = /^([a-z][a-z0-9+.-]*):\/\/(?:[^/?#]*@)?([^/?#]*)(.*)$/is.exec(url) ?? []
  const next = path.slice(1)
  const first = next.indexOf('/')
  let app = next
  if (path.startsWith('/ondemand/')) app = 'ondemand'
  else if (first >= 0) {
    const rest = next.slice(first + 1)
    const second = rest.indexOf('/')
    const colon = rest.indexOf(':')
    app = second < 0 || (colon >= 0 && colon < second) ? next.slice(0, first) : next.slice(0, first + 1 + second)
  }
  return `${scheme.toLowerCase()}://${host}/${app}`
}

/** The address with its scheme and host (user part and port included) replaced: `rtmp://127.0.0.1:<port>` for a relay on loopback. */
export function rtmpVia(url: string, origin: string): string {
  return origin + url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/is, '')
}
