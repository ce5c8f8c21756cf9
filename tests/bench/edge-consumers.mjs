// Consumers per mediasoup worker: how much of a core one worker spends forwarding a meeting's media
// to 100, 300 and 500 consumers, and whether every packet gets through. Figures are printed, not
// asserted. About a minute.
//
//   node tests/bench/edge-consumers.mjs
//
// The meeting: two speakers, each with a camera (VP8, 30 fps, 4 packets a frame, about 1 Mbit/s,
// a key frame every second) and a microphone (Opus, 50 packets/s), produced on a DirectTransport
// from RTP packets built here. Viewers are PlainTransports on the same worker, each consuming all
// four producers (as a browser's receive transport would), sending real UDP to a sink socket here.
// Counting is exact: the generator pauses around each measured window, so producer and consumer
// counters are read at rest.
//
// The last line is `BENCH_JSON {...}` with every number.
import { createSocket } from 'node:dgram'
import { existsSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { heading, table, verdict } from './report.mjs'
import { workerPath } from '../../media-edge/scripts/ensure-worker.mjs'

const STEPS = [100, 300, 500]
const WARMUP_MS = 2_000
const WINDOW_MS = 10_000
const DRAIN_MS = 400
const RUN_DEADLINE_MS = 170_000

const VIDEO = { fps: 30, packetsPerFrame: 4, payloadBytes: 1_000, keyFrameEveryFrames: 30 }
const AUDIO = { packetsPerSecond: 50, payloadBytes: 120 }

const MEDIA_CODECS = [
  { kind: 'audio', mimeType: 'audio/opus', clockRate: 48_000, channels: 2 },
  { kind: 'video', mimeType: 'video/VP8', clockRate: 90_000 },
]

/** A 12-byte RTP header followed by the payload. */
function rtpPacket({ payloadType, sequence, timestamp, ssrc, marker }, payload) {
  const packet = Buffer.alloc(12 + payload.length)
  packet[0] = 0x80
  packet[1] = (marker ? 0x80 : 0) | payloadType
  packet.writeUInt16BE(sequence & 0xffff, 2)
  packet.writeUInt32BE(timestamp >>> 0, 4)
  packet.writeUInt32BE(ssrc, 8)
  payload.copy(packet, 12)
  return packet
}

/**
 * A VP8 payload as Chrome sends it: descriptor with a 15-bit picture id, then (on a frame's first
 * packet) the VP8 header whose lowest bit says key frame or not. mediasoup parses both: a consumer
 * forwards nothing until it has seen a key frame.
 */
function vp8Payload({ pictureId, start, keyFrame }) {
  const payload = Buffer.alloc(VIDEO.payloadBytes, 0x5a)
  payload[0] = 0x80 | (start ? 0x10 : 0)
  payload[1] = 0x80
  payload[2] = 0x80 | ((pictureId >> 8) & 0x7f)
  payload[3] = pictureId & 0xff
  if (start) {
    payload[4] = keyFrame ? 0x10 : 0x11
    if (keyFrame) payload.set([0x00, 0x00, 0x9d, 0x01, 0x2a, 0x80, 0x02, 0x68, 0x01], 5) // 640x360
  }
  return payload
}

/** One camera: yields the packets of frame n. */
function videoSource(ssrc) {
  let sequence = 1000
  return {
    kind: 'video',
    ssrc,
    packetsPerSecond: VIDEO.fps * VIDEO.packetsPerFrame,
    rtpParameters: {
      codecs: [
        {
          mimeType: 'video/VP8',
          payloadType: 101,
          clockRate: 90_000,
          rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }, { type: 'ccm', parameter: 'fir' }],
        },
      ],
      encodings: [{ ssrc }],
    },
    tick: 1000 / VIDEO.fps,
    packets(n) {
      const keyFrame = n % VIDEO.keyFrameEveryFrames === 0
      const timestamp = Math.round((n * 90_000) / VIDEO.fps)
      return Array.from({ length: VIDEO.packetsPerFrame }, (_, i) =>
        rtpPacket(
          { payloadType: 101, sequence: sequence++, timestamp, ssrc, marker: i === VIDEO.packetsPerFrame - 1 },
          vp8Payload({ pictureId: n & 0x7fff, start: i === 0, keyFrame }),
        ),
      )
    },
  }
}

function audioSource(ssrc) {
  let sequence = 1000
  return {
    kind: 'audio',
    ssrc,
    packetsPerSecond: AUDIO.packetsPerSecond,
    rtpParameters: {
      codecs: [{ mimeType: 'audio/opus', payloadType: 100, clockRate: 48_000, channels: 2 }],
      encodings: [{ ssrc }],
    },
    tick: 1000 / AUDIO.packetsPerSecond,
    packets(n) {
      return [
        rtpPacket(
          { payloadType: 100, sequence: sequence++, timestamp: n * 960, ssrc, marker: false },
          Buffer.alloc(AUDIO.payloadBytes, 0x33),
        ),
      ]
    },
  }
}

/**
 * Sends each source's packets on its schedule from one 5 ms timer, catching up from the clock so
 * timer jitter does not lower the rate. pause() stops sending; resume() picks the schedule up again.
 */
function generator(streams) {
  const state = streams.map((stream) => ({ ...stream, next: 0, resumedFrame: 0, resumedAt: 0 }))
  let timer = null
  let sent = 0
  const step = () => {
    const now = performance.now()
    for (const stream of state) {
      const due = stream.resumedFrame + Math.floor((now - stream.resumedAt) / stream.source.tick) + 1
      for (; stream.next < due; stream.next++) {
        for (const packet of stream.source.packets(stream.next)) {
          stream.producer.send(packet)
          sent++
        }
      }
    }
  }
  return {
    resume() {
      const now = performance.now()
      for (const stream of state) Object.assign(stream, { resumedFrame: stream.next, resumedAt: now })
      timer = setInterval(step, 5)
      step()
    },
    pause() {
      clearInterval(timer)
      timer = null
    },
    sent: () => sent,
  }
}

/**
 * Counts the consumers' RTP that reaches the viewers' side of the loopback, by SSRC: the same port
 * also gets RTCP and mediasoup's bandwidth probation packets.
 */
async function sink() {
  const socket = createSocket({ type: 'udp4', recvBufferSize: 8 * 1024 * 1024 })
  const ssrcs = new Set()
  let packets = 0
  socket.on('message', (message) => {
    if (message.length >= 12 && ssrcs.has(message.readUInt32BE(8))) packets++
  })
  await new Promise((resolve) => socket.bind(0, '127.0.0.1', resolve))
  return {
    port: socket.address().port,
    expect: (ssrc) => ssrcs.add(ssrc),
    count: () => packets,
    close: () => socket.close(),
  }
}

const sum = (values) => values.reduce((total, value) => total + value, 0)
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

async function packetCount(entity, type) {
  const stats = await entity.getStats()
  return sum(stats.filter((entry) => entry.type === type).map((entry) => entry.packetCount))
}

/** Counters of every producer and consumer, read at rest (the generator paused and drained). */
async function counters(producers, consumers, udp, send) {
  const produced = new Map()
  for (const producer of producers) produced.set(producer.id, await packetCount(producer, 'inbound-rtp'))
  const forwarded = []
  for (const consumer of consumers)
    forwarded.push({ producerId: consumer.producerId, packets: await packetCount(consumer, 'outbound-rtp') })
  return { produced, forwarded, sunk: udp.count(), sent: send.sent() }
}

async function cpuReading(worker) {
  const usage = await worker.getResourceUsage()
  return { at: performance.now(), cpuMs: usage.ru_utime + usage.ru_stime }
}

function compare({ before, after, cpuBefore, cpuAfter }) {
  const wallMs = cpuAfter.at - cpuBefore.at
  let expected = 0
  let forwarded = 0
  after.forwarded.forEach((entry, i) => {
    expected += after.produced.get(entry.producerId) - before.produced.get(entry.producerId)
    forwarded += entry.packets - (before.forwarded[i]?.packets ?? 0)
  })
  const sunk = after.sunk - before.sunk
  const received = sum([...after.produced].map(([id, packets]) => packets - before.produced.get(id)))
  return {
    generated: { sent: after.sent - before.sent, producersReceived: received },
    consumers: after.forwarded.length,
    wallMs: Math.round(wallMs),
    cpuPercent: Number(((100 * (cpuAfter.cpuMs - cpuBefore.cpuMs)) / wallMs).toFixed(1)),
    expected,
    forwarded,
    lossPercent: expected > 0 ? Number(((100 * (expected - forwarded)) / expected).toFixed(3)) : null,
    sunk,
    sinkLossPercent: forwarded > 0 ? Number(((100 * (forwarded - sunk)) / forwarded).toFixed(3)) : null,
    forwardedPerSecond: Math.round((forwarded * 1000) / wallMs),
  }
}

export async function measureEdgeConsumers() {
  process.env.MEDIASOUP_WORKER_BIN ??= workerPath()
  if (!existsSync(process.env.MEDIASOUP_WORKER_BIN)) {
    return {
      skipped: `no mediasoup worker at ${process.env.MEDIASOUP_WORKER_BIN} (build it: node media-edge/scripts/ensure-worker.mjs)`,
    }
  }
  const mediasoup = await import('mediasoup')
  const worker = await mediasoup.createWorker({ logLevel: 'error' })
  const udp = await sink()
  try {
    const router = await worker.createRouter({ mediaCodecs: MEDIA_CODECS })
    const direct = await router.createDirectTransport()
    const sources = [videoSource(1111), audioSource(2222), videoSource(3333), audioSource(4444)]
    const producing = []
    for (const source of sources) {
      const producer = await direct.produce({ kind: source.kind, rtpParameters: source.rtpParameters })
      producing.push({ source, producer })
    }
    const producers = producing.map(({ producer }) => producer)
    const send = generator(producing)

    const consumers = []
    const steps = []
    for (const target of STEPS) {
      // A viewer consumes every producer, so consumers come in fours on one transport.
      while (consumers.length < target) {
        const transport = await router.createPlainTransport({
          listenInfo: { protocol: 'udp', ip: '127.0.0.1' },
          rtcpMux: true,
          comedia: false,
        })
        await transport.connect({ ip: '127.0.0.1', port: udp.port })
        for (const producer of producers) {
          if (consumers.length >= target) break
          const consumer = await transport.consume({ producerId: producer.id, rtpCapabilities: router.rtpCapabilities })
          udp.expect(consumer.rtpParameters.encodings[0].ssrc)
          consumers.push(consumer)
        }
      }
      // New consumers wait for a key frame; the warm-up covers two.
      send.resume()
      await sleep(WARMUP_MS)
      send.pause()
      await sleep(DRAIN_MS)
      const before = await counters(producers, consumers, udp, send)
      const cpuBefore = await cpuReading(worker)
      send.resume()
      await sleep(WINDOW_MS)
      send.pause()
      const cpuAfter = await cpuReading(worker)
      await sleep(DRAIN_MS)
      const after = await counters(producers, consumers, udp, send)
      const result = compare({ before, after, cpuBefore, cpuAfter })
      steps.push(result)
      console.log(`  ${target} consumers: worker CPU ${result.cpuPercent}% of a core, loss ${result.lossPercent}%`)
    }
    return {
      config: {
        steps: STEPS,
        windowMs: WINDOW_MS,
        video: VIDEO,
        audio: AUDIO,
        producers: sources.map((source) => ({ kind: source.kind, packetsPerSecond: source.packetsPerSecond })),
      },
      steps,
    }
  } finally {
    udp.close()
    worker.close()
  }
}

export function printEdgeConsumers({ steps, skipped }) {
  if (skipped) {
    heading('Consumers per mediasoup worker')
    console.log(`Skipped: ${skipped}`)
    return
  }
  heading(`Consumers per mediasoup worker (2 cameras + 2 microphones, ${WINDOW_MS / 1000} s per step)`)
  console.log('Target: 500 consumers on one worker without loss\n')
  console.log(
    table(
      [
        'consumers',
        'worker CPU % of a core',
        'packets expected',
        'forwarded',
        'loss %',
        'forwarded/s',
        'reached the sink',
        'no loss',
      ],
      steps.map((s) => [
        s.consumers,
        s.cpuPercent.toFixed(1),
        s.expected,
        s.forwarded,
        s.lossPercent,
        s.forwardedPerSecond,
        s.sunk,
        verdict(s.lossPercent === 0),
      ]),
    ),
  )
  console.log(
    "(expected = what each consumer's producer received in the window; forwarded = the consumers' outbound-rtp packet counts;",
  )
  console.log(" CPU = the worker's user + system time over the wall time while the generator was sending;")
  console.log(' the sink is a UDP socket in this process: on a busy machine it drops packets the worker did send)')
  const short = steps.filter((s) => s.generated.producersReceived !== s.generated.sent)
  console.log(
    short.length === 0
      ? 'Producers received every generated packet at each step.'
      : `WARNING: producers received fewer packets than generated at ${short.map((s) => s.consumers).join(', ')} consumers.`,
  )
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  setTimeout(() => {
    console.error(`edge-consumers: run exceeded ${RUN_DEADLINE_MS / 1000} s`)
    process.exit(1)
  }, RUN_DEADLINE_MS).unref()
  console.log(
    `Machine: ${availableParallelism()} CPUs, load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' / ')}`,
  )
  if (loadavg()[0] >= availableParallelism() / 2)
    console.log('WARNING: the machine is busy; these figures will read high and vary between runs.')
  const started = Date.now()
  measureEdgeConsumers()
    .then((result) => {
      printEdgeConsumers(result)
      const seconds = Math.round((Date.now() - started) / 1000)
      console.log(`\nDone in ${seconds} s.`)
      console.log(
        `BENCH_JSON ${JSON.stringify({ ...result, machine: { cpus: availableParallelism(), loadAverage: loadavg() }, durationSeconds: seconds })}`,
      )
    })
    .catch((error) => {
      console.error(`\nBenchmark failed: ${error.stack ?? error}`)
      process.exitCode = 1
    })
}
