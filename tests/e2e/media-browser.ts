// Chromium with a fake camera and microphone, for the specs (and the rehearsal) whose people meet.
import { spawnSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium'

/** Chromium for the meeting specs (`test.use({ launchOptions: MEDIA_LAUNCH_OPTIONS })`): fake
 *  camera, microphone and screen, granted without a prompt, and sound that plays unprompted. */
export const MEDIA_LAUNCH_OPTIONS = {
  executablePath: CHROMIUM_PATH,
  args: [
    ...CHROMIUM_ARGS,
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    '--auto-select-desktop-capture-source=Entire screen',
    '--autoplay-policy=no-user-gesture-required',
  ],
}

/**
 * MEDIA_LAUNCH_OPTIONS with the fake microphone playing a voice-like sound (a gliding tone that
 * swells three times a second, made here with ffmpeg) instead of Chromium's occasional beep:
 * captions need something to hear, and a steady tone is what the browser's noise suppression removes.
 */
export function voiceLaunchOptions() {
  const voice = join(tmpdir(), `hearth-e2e-voice-${process.pid}.wav`)
  spawnSync('ffmpeg', [
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    "aevalsrc='0.7*sin(2*PI*(300+150*sin(2*PI*0.7*t))*t)*(0.55+0.45*sin(2*PI*3*t))':s=48000:d=300",
    voice,
  ])
  return { ...MEDIA_LAUNCH_OPTIONS, args: [...MEDIA_LAUNCH_OPTIONS.args, `--use-file-for-fake-audio-capture=${voice}`] }
}
