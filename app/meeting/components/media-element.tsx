import { useEffect, useRef } from 'react'

/**
 * A <video> or <audio> playing one track. `sinkId` routes audio to the chosen speakers where the
 * browser allows it (setSinkId).
 */
export function TrackVideo({
  track,
  mirrored,
  label,
  className,
  ...data
}: { track: MediaStreamTrack; mirrored?: boolean; label: string; className?: string } & Record<
  `data-${string}`,
  string
>) {
  const ref = useRef<HTMLVideoElement>(null)
  useEffect(() => {
    const video = ref.current
    if (!video) return
    video.srcObject = new MediaStream([track])
    video.play().catch(() => undefined)
    return () => {
      video.srcObject = null
    }
  }, [track])
  return (
    <video
      ref={ref}
      className={`meeting-video${mirrored ? ' mirrored' : ''}${className ? ` ${className}` : ''}`}
      autoPlay
      playsInline
      muted
      aria-label={label}
      {...data}
    />
  )
}

export function TrackAudio({
  track,
  sinkId,
  ...data
}: { track: MediaStreamTrack; sinkId: string | null } & Record<`data-${string}`, string>) {
  const ref = useRef<HTMLAudioElement>(null)
  useEffect(() => {
    const audio = ref.current
    if (!audio) return
    audio.srcObject = new MediaStream([track])
    audio.play().catch(() => undefined)
    return () => {
      audio.srcObject = null
    }
  }, [track])
  useEffect(() => {
    const audio = ref.current as (HTMLAudioElement & { setSinkId?: (id: string) => Promise<void> }) | null
    if (audio?.setSinkId && sinkId)
      audio.setSinkId(sinkId).catch((error: unknown) => console.warn('speaker choice failed', error))
  }, [sinkId])
  // eslint-disable-next-line jsx-a11y/media-has-caption -- a live call's sound: the meeting's own captions caption it
  return <audio ref={ref} autoPlay {...data} />
}
