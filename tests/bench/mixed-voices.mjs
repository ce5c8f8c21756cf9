// The CPU a recording's or a live stream's voices cost the edge (meeting-voices.ts): per voice, the
// tap's ffmpeg decoding one Opus microphone to 48 kHz PCM (audio-tap.ts's own arguments) and the
// mixer's share in Node (audio-mixer.ts, the edge's code); once per recording, the encoder of the
// mix (Opus for a recording, AAC live). Figures are printed, not asserted. About 40 seconds.
//
//   node tests/bench/mixed-voices.mjs
//
// The microphones are ffmpeg senders (a tone, encoded to Opus, as RTP on loopback) sent straight to
// the taps: mediasoup's forwarding is edge-consumers.mjs's figure, and the senders stand for the
// browsers, so neither is counted. CPU is read from /proc (each tap's and encoder's own time) and
// from process.cpuUsage (the mixer), over a window once everything runs.
//
// The last line is `BENCH_JSON {...}` with every number.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createSocket } from 'node:dgram'
import { loadavg } from 'node:os'
import { tsImport } from 'tsx/esm/api'
import { heading, table } from './report.mjs'

const STEPS = [1, 4, 8]
const WARMUP_MS = 2_000
const WINDOW_MS = 8_000
const TICKS_PER_SECOND = 100

const { tapArguments } = await tsImport('../../media-edge/audio-tap.ts', import.meta.url)
const { AudioMixer, MIX_DEFAULTS } = await tsImport('../../media-edge/audio-mixer.ts', import.meta.url)
const { realClock } = await tsImport('../../media-edge/clock.ts', import.meta.url)

/** A process's user + system CPU so far, in seconds (Linux's /proc/<pid>/stat, fields 14 and 15). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
}

/** A process's resident memory in MB (/proc/<pid>/status). */
function rssMb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'))
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024
}

async function freePort() {
  const socket = createSocket('udp4')
  await new Promise((resolve) => socket.bind(0, '127.0.0.1', resolve))
  const { port } = socket.address()
  await new Promise((resolve) => socket.close(resolve))
  return port
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** One microphone: a sender (not measured) and the tap decoding it, whose PCM goes to the mixer. */
async function voice(index, mixer) {
  const port = await freePort()
  const sdp = [
    'v=0',
    'o=- 0 0 IN IP4 127.0.0.1',
    's=bench',
    'c=IN IP4 127.0.0.1',
    't=0 0',
    `m=audio ${port} RTP/AVP 100`,
    'a=rtpmap:100 opus/48000/2',
    'a=recvonly',
    '',
  ].join('\r\n')
  const tap = spawn('ffmpeg', tapArguments(MIX_DEFAULTS.sampleRate), { stdio: ['pipe', 'pipe', 'ignore'] })
  tap.stdin.end(sdp)
  const id = `voice-${index}`
  mixer.addVoice(id)
  tap.stdout.on('data', (pcm) => mixer.push(id, pcm))
  await pause(300)
  // prettier-ignore
  const sender = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', `sine=frequency=${300 + index * 110}:sample_rate=48000`, '-c:a', 'libopus', '-ac', '2', '-payload_type', '100', '-f', 'rtp', `rtp://127.0.0.1:${port}`], { stdio: 'ignore' })
  return { tap, sender }
}

/** The encoder of the mix, as ffmpeg-recording.ts (Opus) or live-streamer.ts (AAC) runs it, writing nowhere. */
function encoder(kind) {
  const codec =
    kind === 'opus'
      ? ['-c:a', 'libopus', '-b:a', '64k', '-f', 'webm']
      : ['-c:a', 'aac', '-b:a', '128k', '-ar', '44100', '-f', 'flv']
  // prettier-ignore
  return spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-f', 's16le', '-ar', String(MIX_DEFAULTS.sampleRate), '-ac', '1', '-i', 'pipe:0', ...codec, '-y', '/dev/null'], { stdio: ['pipe', 'ignore', 'ignore'] })
}

async function measure(voices) {
  const encoders = { opus: encoder('opus'), aac: encoder('aac') }
  for (const process of Object.values(encoders)) process.stdin.on('error', () => undefined)
  let frames = 0
  const mixer = new AudioMixer({
    ...MIX_DEFAULTS,
    clock: realClock,
    onFrame: (pcm) => {
      frames++
      for (const process of Object.values(encoders)) process.stdin.write(pcm)
    },
  })
  mixer.start()
  const running = []
  for (let index = 0; index < voices; index++) running.push(await voice(index, mixer))
  await pause(WARMUP_MS)

  const taps = running.map(({ tap }) => tap)
  const before = {
    taps: taps.map((tap) => cpuSeconds(tap.pid)),
    opus: cpuSeconds(encoders.opus.pid),
    aac: cpuSeconds(encoders.aac.pid),
    node: process.cpuUsage(),
    frames,
  }
  const started = performance.now()
  await pause(WINDOW_MS)
  const seconds = (performance.now() - started) / 1000
  const tapCpu = taps.map((tap, index) => cpuSeconds(tap.pid) - before.taps[index])
  const node = process.cpuUsage(before.node)
  const result = {
    voices,
    tapCorePercentEach: (100 * tapCpu.reduce((sum, cpu) => sum + cpu, 0)) / voices / seconds,
    tapRssMbEach: taps.reduce((sum, tap) => sum + rssMb(tap.pid), 0) / voices,
    // The whole bench process: the mixer plus reading the taps' pipes and writing the encoders'.
    nodeCorePercent: (100 * (node.user + node.system)) / 1e6 / seconds,
    opusEncoderCorePercent: (100 * (cpuSeconds(encoders.opus.pid) - before.opus)) / seconds,
    aacEncoderCorePercent: (100 * (cpuSeconds(encoders.aac.pid) - before.aac)) / seconds,
    framesPerSecond: (frames - before.frames) / seconds,
  }
  mixer.stop()
  for (const { tap, sender } of running) {
    sender.kill('SIGKILL')
    tap.kill('SIGKILL')
  }
  for (const process of Object.values(encoders)) process.kill('SIGKILL')
  await pause(300)
  return result
}

heading('Mixed voices (recording and live): CPU per voice')
console.log(
  `load average before: ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
)
const results = []
for (const voices of STEPS) results.push(await measure(voices))
const percent = (value) => `${value.toFixed(1)}%`
console.log(
  table(
    [
      'voices',
      'tap each (% of a core)',
      'tap each (MB)',
      'node: mixer + pipes',
      'Opus encoder (recording)',
      'AAC encoder (live)',
      'frames/s (50 due)',
    ],
    results.map((result) => [
      result.voices,
      percent(result.tapCorePercentEach),
      result.tapRssMbEach.toFixed(0),
      percent(result.nodeCorePercent),
      percent(result.opusEncoderCorePercent),
      percent(result.aacEncoderCorePercent),
      result.framesPerSecond.toFixed(1),
    ]),
  ),
)
console.log(
  `load average after: ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
)
console.log(`BENCH_JSON ${JSON.stringify({ mixedVoices: results, loadavg: loadavg() })}`)
