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
  if (/[\s\x00-\x1f\x7f]/.test(address) || /[\s\x00-\x1f\x7f/?#]/.test(key)) throw invalid()
  let parsed: URL
  try {
    parsed = new URL(address)
  } catch {
    throw invalid()
  }
  if (!['rtmp:', 'rtmps:'].includes(parsed.protocol) || !parsed.hostname || parsed.pathname.replace(/\//g, '') === '') throw invalid()
  return key ? `${address.replace(/\/+$/, '')}/${key}` : address
}
