// Cameras, microphones, speakers and the screen: opening them, listing them, and saying why not.
import { CAMERA_MIN_HEIGHT, CAMERA_MIN_WIDTH, SCREEN_SHARE_FRAME_RATE } from './constants'
import { MIC_CONSTRAINTS, cameraConstraints, type SendQuality } from './encodings'

export type DeviceProblem = 'blocked' | 'notFound' | 'inUse' | 'unsupported'

export class DeviceError extends Error {
  constructor(
    readonly problem: DeviceProblem,
    readonly kind: 'camera' | 'microphone' | 'screen',
  ) {
    super(`${kind}: ${problem}`)
  }
}

function problemOf(error: unknown): DeviceProblem {
  const name = (error as { name?: string } | null)?.name
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'blocked'
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'notFound'
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'inUse'
  return 'unsupported'
}

function mediaDevices(kind: DeviceError['kind']): MediaDevices {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices) throw new DeviceError('unsupported', kind)
  return navigator.mediaDevices
}

export interface CameraTrack {
  track: MediaStreamTrack
  /** The widest the camera can capture, when the browser says; caps the send quality. */
  maxWidth: number | null
  /** The camera cannot do the minimum of 1280x720. */
  belowMinimum: boolean
}

export async function openCamera(quality: SendQuality, deviceId?: string | null): Promise<CameraTrack> {
  try {
    const stream = await mediaDevices('camera').getUserMedia({ video: cameraConstraints(quality, deviceId) })
    const track = stream.getVideoTracks()[0]!
    const capabilities = typeof track.getCapabilities === 'function' ? track.getCapabilities() : {}
    const maxWidth = capabilities.width?.max ?? null
    const maxHeight = capabilities.height?.max ?? null
    const settings = track.getSettings()
    const belowMinimum =
      maxWidth !== null && maxHeight !== null
        ? maxWidth < CAMERA_MIN_WIDTH || maxHeight < CAMERA_MIN_HEIGHT
        : (settings.width ?? 0) < CAMERA_MIN_WIDTH && quality !== 'low' && quality !== 'medium'
    return { track, maxWidth, belowMinimum }
  } catch (error) {
    throw error instanceof DeviceError ? error : new DeviceError(problemOf(error), 'camera')
  }
}

export async function openMicrophone(deviceId?: string | null): Promise<MediaStreamTrack> {
  try {
    const stream = await mediaDevices('microphone').getUserMedia({
      audio: { ...MIC_CONSTRAINTS, ...(deviceId ? { deviceId: { exact: deviceId } } : {}) },
    })
    return stream.getAudioTracks()[0]!
  } catch (error) {
    throw error instanceof DeviceError ? error : new DeviceError(problemOf(error), 'microphone')
  }
}

export async function openScreen(): Promise<MediaStreamTrack> {
  try {
    const stream = await mediaDevices('screen').getDisplayMedia({
      video: { frameRate: { max: SCREEN_SHARE_FRAME_RATE } },
      audio: false,
    })
    return stream.getVideoTracks()[0]!
  } catch (error) {
    throw error instanceof DeviceError ? error : new DeviceError(problemOf(error), 'screen')
  }
}

export interface DeviceLists {
  cameras: MediaDeviceInfo[]
  microphones: MediaDeviceInfo[]
  speakers: MediaDeviceInfo[]
}

export async function listDevices(): Promise<DeviceLists> {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.enumerateDevices)
    return { cameras: [], microphones: [], speakers: [] }
  const devices = await navigator.mediaDevices.enumerateDevices()
  return {
    cameras: devices.filter((device) => device.kind === 'videoinput'),
    microphones: devices.filter((device) => device.kind === 'audioinput'),
    speakers: devices.filter((device) => device.kind === 'audiooutput'),
  }
}

/** Whether this browser can route audio to a chosen output (setSinkId); the speaker choice hides otherwise. */
export function canChooseSpeakers(): boolean {
  return typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype
}

/** Calls `run` once changes stop for `ms` (device changes debounce 500 ms). */
export function debounce<A extends unknown[]>(run: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | null = null
  const debounced = (...args: A) => {
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => {
      timer = null
      run(...args)
    }, ms)
  }
  debounced.cancel = () => {
    if (timer) clearTimeout(timer)
    timer = null
  }
  return debounced
}
