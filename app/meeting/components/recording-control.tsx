// The hosts' recording button (hosts and co-hosts start and stop recording),
// shown when the community's toolbar offers recording. Everyone else sees only the recording mark
// (meeting-view.tsx: recording is active when a recorder peer is in the meeting). Its outcome shows
// in a brief notice: the error texts (docs/meetings.md#recording), or where the file went.
import { useEffect, useState } from 'react'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'
import { mediaUrl, recordingsUrl } from '#app/lib/media/media-rules'
import { recordingActive } from '../derived'
import { edgeRefusalKey } from '../edge-refusals'
import { useMeetingContext } from './meeting-context'
import { Notice } from './notice-stack'
import { ToolButton } from './tool-button'

const NOTICE_MS = 6000

export function RecordingControl() {
  const { t } = useT()
  const { meeting, config } = useMeetingContext()
  const { me, recorderTriggered } = meeting.state
  const recording = recordingActive(meeting.state)
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState<TranslationKey | null>(null)
  useEffect(() => {
    if (!notice) return
    const timer = setTimeout(() => setNotice(null), NOTICE_MS)
    return () => clearTimeout(timer)
  }, [notice])
  if (!config.settings.controls.recording || !(me.isHost || me.isCoHost)) return null

  const toggle = async () => {
    setBusy(true)
    setNotice(null)
    try {
      if (recording) {
        const { mediaId } = await meeting.actions.stopRecording()
        setNotice(mediaId ? 'meeting:recording.saved' : 'meeting:recording.nothingSaved')
      } else {
        await meeting.actions.startRecording()
      }
    } catch (error) {
      // A refusal the client knows (the two recording texts, recording off, too fast), else the general one.
      setNotice(
        edgeRefusalKey(error) ?? (recording ? 'meeting:recording.errors.stop' : 'meeting:recording.errors.recording'),
      )
    } finally {
      setBusy(false)
    }
  }
  const starting = !recording && (busy || recorderTriggered)
  return (
    <>
      <ToolButton
        icon="record"
        label={t(
          starting ? 'meeting:recording.starting' : recording ? 'meeting:recording.stop' : 'meeting:recording.start',
        )}
        pressed={recording}
        className={recording ? 'recording' : undefined}
        disabled={busy || starting}
        onClick={() => void toggle()}
      />
      {notice ? (
        <Notice className="meeting-recording-notice">
          {t(notice)}
          {notice === 'meeting:recording.saved' ? (
            <>
              {' '}
              <a
                href={config.room.personal ? recordingsUrl() : mediaUrl(config.community.slug, 'videos')}
                target="_blank"
                rel="noreferrer"
              >
                {t('meeting:recording.openLibrary')}
              </a>
            </>
          ) : null}
        </Notice>
      ) : null}
    </>
  )
}
