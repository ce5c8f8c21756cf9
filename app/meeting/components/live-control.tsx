// The hosts' live stream control (hosts and co-hosts start and stop live streaming, and may pause
// and resume it), shown when the community's toolbar offers live.
// Going live asks for the RTMP address and stream key in a dialog; the edge checks them and
// streams. While it streams or is paused a second button pauses or resumes it (the edge kept the
// address: nothing is asked again). Everyone else sees only the Live or Live paused mark
// (meeting-view.tsx), 13 s late where the rule says so (live-delay.ts). Refusals, and the stream being cut off
// (live.updated with an error), show in a brief notice in the host's language.
import { useEffect, useState, type FormEvent } from 'react'
import { LIVE_LIMITS } from '#edge/contract/live'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'
import { edgeRefusalKey } from '../edge-refusals'
import { ModalDialog } from './dialogs'
import { useMeetingContext } from './meeting-context'
import { Notice } from './notice-stack'
import { ToolButton } from './tool-button'

const NOTICE_MS = 6000

export function LiveControl() {
  const { t } = useT()
  const { meeting, config } = useMeetingContext()
  const { me, live } = meeting.state
  const [dialogOpen, setDialogOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState<TranslationKey | null>(null)
  const [notice, setNotice] = useState<TranslationKey | null>(null)
  useEffect(() => {
    if (live.error) setNotice(edgeRefusalKey(live.error) ?? 'meeting:liveStream.errors.failed')
  }, [live])
  useEffect(() => {
    if (!notice) return
    const timer = setTimeout(() => setNotice(null), NOTICE_MS)
    return () => clearTimeout(timer)
  }, [notice])
  if (!config.settings.controls.live || !(me.isHost || me.isCoHost)) return null

  const start = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    setBusy(true)
    setFailed(null)
    try {
      await meeting.actions.startLive(
        String(data.get('url') ?? ''),
        String(data.get('streamKey') ?? ''),
        String(data.get('channel') ?? ''),
      )
      setDialogOpen(false)
    } catch (error) {
      setFailed(edgeRefusalKey(error) ?? 'meeting:liveStream.errors.start')
    } finally {
      setBusy(false)
    }
  }
  /** Stop, pause or resume: the edge's answer, then a notice on success (when there is one) or the refusal. */
  const control = async (action: () => Promise<unknown>, done: TranslationKey | null, refused: TranslationKey) => {
    setBusy(true)
    setNotice(null)
    try {
      await action()
      if (done) setNotice(done)
    } catch (error) {
      setNotice(edgeRefusalKey(error) ?? refused)
    } finally {
      setBusy(false)
    }
  }
  const stop = () => control(meeting.actions.stopLive, 'meeting:liveStream.ended', 'meeting:liveStream.errors.stop')

  const streaming = live.state === 'joined'
  const paused = live.state === 'pausing'
  const label =
    live.state === 'joining'
      ? 'starting'
      : live.state === 'stopping'
        ? 'stopping'
        : streaming || paused
          ? 'stop'
          : 'start'
  return (
    <>
      {streaming || paused ? (
        <ToolButton
          icon={paused ? 'resume' : 'pause'}
          label={t(paused ? 'meeting:liveStream.resume' : 'meeting:liveStream.pause')}
          disabled={busy}
          onClick={() =>
            void (paused
              ? control(meeting.actions.resumeLive, null, 'meeting:liveStream.errors.resume')
              : control(
                  meeting.actions.pauseLive,
                  'meeting:liveStream.pausedNotice',
                  'meeting:liveStream.errors.pause',
                ))
          }
        />
      ) : null}
      <ToolButton
        icon="live"
        label={t(`meeting:liveStream.${label}`)}
        pressed={streaming}
        className={streaming ? 'live' : undefined}
        disabled={busy || live.state === 'joining' || live.state === 'stopping'}
        onClick={() => (streaming || paused ? void stop() : setDialogOpen(true))}
      />
      <ModalDialog
        open={dialogOpen}
        title={t('meeting:liveStream.dialogTitle')}
        onClose={() => setDialogOpen(false)}
        actions={
          <>
            <button type="button" className="button" onClick={() => setDialogOpen(false)}>
              {t('meeting:liveStream.cancel')}
            </button>
            <button type="submit" form="meeting-live-form" className="button button-primary" disabled={busy}>
              {t(busy ? 'meeting:liveStream.starting' : 'meeting:liveStream.submit')}
            </button>
          </>
        }
      >
        <form id="meeting-live-form" className="meeting-poll-form" onSubmit={(event) => void start(event)}>
          <p>{t('meeting:liveStream.dialogHint')}</p>
          <label>
            {t('meeting:liveStream.url')}
            <input
              name="url"
              type="text"
              inputMode="url"
              required
              maxLength={LIVE_LIMITS.url}
              placeholder="rtmp://"
              autoComplete="off"
              spellCheck={false}
            />
          </label>
          <label>
            {t('meeting:liveStream.streamKey')}
            <input name="streamKey" type="password" maxLength={LIVE_LIMITS.streamKey} autoComplete="off" />
          </label>
          <label>
            {t('meeting:liveStream.channel')}
            <input
              name="channel"
              type="text"
              maxLength={LIVE_LIMITS.channel}
              autoComplete="off"
              spellCheck={false}
              aria-describedby="meeting-live-channel-hint"
            />
          </label>
          <p id="meeting-live-channel-hint" className="meeting-live-hint">
            {t('meeting:liveStream.channelHint')}
          </p>
          {failed ? <p role="alert">{t(failed)}</p> : null}
        </form>
      </ModalDialog>
      {notice ? <Notice>{t(notice)}</Notice> : null}
    </>
  )
}
