// Join and leave sounds for hosts and co-hosts (volume 0.5), made with WebAudio: two short
// tones, rising for a join and falling for a leave, so there is no audio file to ship.
import { SOUND_VOLUME } from './constants'

let context: AudioContext | null = null

export function playPeerSound(kind: 'join' | 'leave') {
  try {
    context ??= new AudioContext()
    if (context.state === 'suspended') void context.resume().catch(() => undefined)
    const notes = kind === 'join' ? [660, 880] : [880, 660]
    const gain = context.createGain()
    gain.connect(context.destination)
    const start = context.currentTime
    gain.gain.setValueAtTime(SOUND_VOLUME, start)
    gain.gain.exponentialRampToValueAtTime(0.001, start + 0.3)
    notes.forEach((frequency, index) => {
      const oscillator = context!.createOscillator()
      oscillator.type = 'sine'
      oscillator.frequency.value = frequency
      oscillator.connect(gain)
      oscillator.start(start + index * 0.12)
      oscillator.stop(start + index * 0.12 + 0.15)
    })
  } catch (error) {
    // A browser without WebAudio, or one that refuses sound before a gesture: silence is fine.
    console.warn('meeting sound failed', error)
  }
}
