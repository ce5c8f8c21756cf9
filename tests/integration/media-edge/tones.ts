// Which test tones (test-media.ts) a recorded or streamed voice track holds, and when: the audio is
// decoded by ffmpeg to 8 kHz mono PCM, and each tone's amplitude over a window is measured with the
// Goertzel algorithm (one frequency's DFT bin), so two people's tones mixed together can be told apart.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)
export const TONE_RATE = 8000

/** The input's first audio stream as 8 kHz mono samples in [-1, 1]; `args` go before the input (e.g. a time limit for a live stream). */
export async function decodeAudio(input: string, args: string[] = []): Promise<Float32Array> {
  const { stdout } = await run(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      ...args,
      '-i',
      input,
      '-map',
      '0:a:0',
      '-ac',
      '1',
      '-ar',
      String(TONE_RATE),
      '-f',
      's16le',
      'pipe:1',
    ],
    {
      encoding: 'buffer',
      maxBuffer: 64 * 1024 * 1024,
      timeout: 30_000,
    },
  )
  const samples = new Float32Array(Math.floor(stdout.length / 2))
  for (let index = 0; index < samples.length; index++) samples[index] = stdout.readInt16LE(index * 2) / 32768
  return samples
}

/** The amplitude (0 to 1, a full-scale sine is 1) of `frequency` between `from` and `to` seconds. */
export function toneAmplitude(samples: Float32Array, frequency: number, from: number, to: number): number {
  const start = Math.max(0, Math.floor(from * TONE_RATE))
  const end = Math.min(samples.length, Math.floor(to * TONE_RATE))
  const count = end - start
  if (count <= 0) return 0
  const coefficient = 2 * Math.cos((2 * Math.PI * frequency) / TONE_RATE)
  let previous = 0
  let beforePrevious = 0
  for (let index = start; index < end; index++) {
    const current = samples[index]! + coefficient * previous - beforePrevious
    beforePrevious = previous
    previous = current
  }
  const power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
  return (2 * Math.sqrt(Math.max(0, power))) / count
}

/** A tone heard measures about 0.09 (lavfi's sine at 1/8, stereo to mono), one not heard under 0.01. */
const HEARD = 0.04

/** Whether the host's tone (440 Hz) and the guest's (880 Hz) are heard between `from` and `to` seconds. */
export function heardTones(samples: Float32Array, from: number, to: number) {
  return { host: toneAmplitude(samples, 440, from, to) > HEARD, guest: toneAmplitude(samples, 880, from, to) > HEARD }
}
