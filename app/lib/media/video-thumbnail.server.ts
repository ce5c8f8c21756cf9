// A video's poster picture, made on the server with ffmpeg (Debian's `ffmpeg`, installed by
// scripts/ensure-deps.mjs) when it is on PATH. Without it, or for a video ffmpeg cannot read, there
// is no thumbnail and the player shows the video's own first frame once it loads.
import { execFile } from 'node:child_process'
import { stat } from 'node:fs/promises'
import { logger } from '../platform/logger.server'

/** A stuck decode must not hold the sender's request: the message goes without a thumbnail. */
const FFMPEG_TIMEOUT_MS = 20_000
/** Wide enough for a message's player on a large screen; the height follows the video's shape. */
const THUMBNAIL_WIDTH = 640

let ffmpegMissing = false

/**
 * Writes a JPEG of the video's first frame to `output`; resolves with whether it did. Never throws:
 * a thumbnail is a nicety, and the video itself was already checked.
 */
export async function makeVideoThumbnail(input: string, output: string): Promise<boolean> {
  if (ffmpegMissing) return false
  // Arguments as a list, no shell: the paths are ours, but nothing is ever interpolated into a command line.
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-y',
    '-i',
    input,
    '-frames:v',
    '1',
    '-vf',
    `scale='min(${THUMBNAIL_WIDTH},iw)':-2`,
    '-f',
    'image2',
    '-c:v',
    'mjpeg',
    '-q:v',
    '4',
    output,
  ]
  const outcome = await new Promise<'done' | 'missing' | 'failed'>((resolve) => {
    execFile('ffmpeg', args, { timeout: FFMPEG_TIMEOUT_MS, windowsHide: true }, (error) => {
      if (!error) resolve('done')
      else if ((error as NodeJS.ErrnoException).code === 'ENOENT') resolve('missing')
      else {
        logger.warn({ err: error }, 'video thumbnail could not be made')
        resolve('failed')
      }
    })
  })
  if (outcome === 'missing') {
    // Looked for once per process: installing ffmpeg takes a restart to be noticed.
    ffmpegMissing = true
    logger.info('ffmpeg is not on PATH: video messages are shown without thumbnails')
    return false
  }
  if (outcome !== 'done') return false
  return (await stat(output).catch(() => null))?.size ? true : false
}
