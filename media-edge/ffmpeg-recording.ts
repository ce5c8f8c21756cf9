// One recording's file, written by ffmpeg (ffmpeg-rtp.ts) and handed over when the recording
// stops: the chosen picture copied as sent (no re-encoding: video would cost the edge a core), and
// the meeting's mixed voices (meeting-voices.ts) encoded to Opus, which both WebM and Matroska hold.
// Opus at 64 kbit/s mono is a few percent of one core, once per recording however many speak.
import { rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { types } from 'mediasoup'
import { containerFor, type Container } from './ffmpeg-sdp'
import { FfmpegRtp, type FfmpegOptions } from './ffmpeg-rtp'
import type { PcmSource } from './meeting-voices'

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

  /**
   * Starts ffmpeg writing the picture (if any) and the voices into a file in the work directory;
   * throws FfmpegStartError when ffmpeg does not start.
   */
  static async start(
    router: types.Router,
    pictures: types.Producer[],
    voices: PcmSource,
    id: string,
    options: FfmpegOptions,
  ): Promise<FfmpegRecording> {
    // The container depends on the codecs ffmpeg is given, known once the producers are consumed.
    const chosen: { file?: { path: string; container: Container } } = {}
    const ffmpeg = await FfmpegRtp.start(
      router,
      pictures,
      id,
      (streams, inputs) => {
        const container = containerFor(streams)
        chosen.file = { path: join(options.workDir, `${id}.${container.extension}`), container }
        // prettier-ignore
        return [
          ...(inputs.rtp !== null ? ['-map', `${inputs.rtp}:v`, '-c:v', 'copy'] : []),
          '-map', `${inputs.pcm}:a`, '-c:a', 'libopus', '-b:a', '64k',
          '-y', chosen.file.path,
        ]
      },
      options,
      undefined,
      voices,
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
