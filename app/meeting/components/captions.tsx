import { useState, type FormEvent } from 'react'
import { CAPTION_LANGUAGES, type CaptionLanguage } from '#edge/contract/captions'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'
import { edgeRefusalKey } from '../edge-refusals'
import { ModalDialog } from './dialogs'
import { useMeetingContext } from './meeting-context'

/**
 * The caption lines over the stage while a host has captions on (currentSubtitle: name and text). Anyone may hide
 * them for themselves.
 */
export function CaptionsOverlay() {
  const { t } = useT()
  const { meeting } = useMeetingContext()
  const { captions, captionLines } = meeting.state
  const [hidden, setHidden] = useState(false)
  if (!captions.on) return null
  return (
    <section className="meeting-captions" aria-label={t('meeting:captions.title')}>
      <button
        type="button"
        className="meeting-captions-toggle"
        aria-pressed={hidden}
        onClick={() => setHidden((value) => !value)}
      >
        {t(hidden ? 'meeting:captions.show' : 'meeting:captions.hide')}
      </button>
      {hidden ? null : (
        <ol className="meeting-captions-lines" aria-live="polite">
          {captionLines.map((line) => (
            <li key={line.id} className={line.final ? undefined : 'interim'}>
              <strong>{line.name}</strong> {line.text}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

const isCaptionLanguage = (value: string): value is CaptionLanguage =>
  (CAPTION_LANGUAGES as readonly string[]).includes(value)

/** The host's switch: the language spoken and whether to keep a transcript; or turning captions off. */
export function CaptionsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, language } = useT()
  const { meeting, config } = useMeetingContext()
  const { captions } = meeting.state
  const [failed, setFailed] = useState<TranslationKey | null>(null)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const spoken = String(data.get('language'))
    if (!isCaptionLanguage(spoken)) return setFailed('meeting:captions.failed')
    try {
      await meeting.actions.startCaptions(spoken, data.get('transcript') === 'on')
      setFailed(null)
      onClose()
    } catch (error) {
      setFailed(edgeRefusalKey(error) ?? 'meeting:captions.failed')
    }
  }
  const stop = async () => {
    await meeting.actions.stopCaptions()
    onClose()
  }
  const current = captions.on ? captions.language : isCaptionLanguage(language) ? language : 'en'
  return (
    <ModalDialog
      open={open}
      title={t('meeting:captions.title')}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('meeting:captions.cancel')}
          </button>
          {captions.on ? (
            <button type="button" className="button button-danger" onClick={() => void stop()}>
              {t('meeting:captions.stop')}
            </button>
          ) : null}
          <button type="submit" form="meeting-captions-form" className="button button-primary">
            {t(captions.on ? 'meeting:captions.update' : 'meeting:captions.start')}
          </button>
        </>
      }
    >
      <form id="meeting-captions-form" className="meeting-captions-form" onSubmit={(event) => void submit(event)}>
        <label>
          {t('meeting:captions.language')}
          <select name="language" defaultValue={current}>
            {CAPTION_LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {t(`meeting:captions.languages.${code}`)}
              </option>
            ))}
          </select>
        </label>
        {config.settings.controls.transcribe ? (
          <label className="meeting-captions-check">
            <input type="checkbox" name="transcript" defaultChecked={captions.on && captions.transcript} />
            {t('meeting:captions.keepTranscript')}
          </label>
        ) : null}
        <p className="meeting-captions-hint">{t('meeting:captions.everyoneSees')}</p>
        {failed ? <p role="alert">{t(failed)}</p> : null}
      </form>
    </ModalDialog>
  )
}
