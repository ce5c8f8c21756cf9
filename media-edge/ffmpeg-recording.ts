// One recording's file: the chosen producers copied as sent (no re-encoding: the edge's cores stay
// for the meeting) by ffmpeg (ffmpeg-rtp.ts) into one file, handed over when the recording stops.
import { rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { types } from 'mediasoup'
import { containerFor, type Container } from './ffmpeg-sdp'
import { FfmpegRtp, type FfmpegOptions } from './ffmpeg-rtp'

export interface RecordedFile {
  path: string
  container: Container
  size: number
}

export class FfmpegRecording {
  private constructor(
    private readonly ffmpeg: FfmpegRtp,
    private readonly file: { path: string; container: Container },
    private readonly options: FfmpegOptions,
  ) {}

  /** Starts ffmpeg writing the producers into a file in the work directory; throws FfmpegStartError when ffmpeg does not start. */
  static async start(router: types.Router, producers: types.Producer[], id: string, options: FfmpegOptions): Promise<FfmpegRecording> {
    // The container depends on the codecs ffmpeg is given, known once the producers are consumed.
    const chosen: { file?: { path: string; container: Container } } = {}
    const ffmpeg = await FfmpegRtp.start(
      router,
      producers,
      id,
      (streams) => {
        const container = containerFor(streams)
        chosen.file = { path: join(options.workDir, `${id}.${container.extension}`), container }
        return ['-map', '0', '-c', 'copy', '-y', chosen.file.path]
      },
      options,
    )
    return new FfmpegRecording(ffmpeg, chosen.file!, options)
  }

  /** Stops the media and lets ffmpeg finish the file: the file, or null when ffmpeg wrote nothing. */
  async stop(): Promise<RecordedFile | null> {
    await this.ffmpeg.stop()
    const size = (await stat(this.file.path).catch(() => null))?.size ?? 0
    if (size === 0) {
      this.options.logger.warn({ path: this.file.path }, 'the recording wrote no media')
      await rm(this.file.path, { force: true })
      return null
    }
    return { ...this.file, size }
  }
}
