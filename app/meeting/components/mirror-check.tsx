import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { GUEST_NAME_MAX } from '#edge/contract/peers'
import { canChooseSpeakers } from '../devices'
import { useT } from '#app/lib/i18n/use-t'
import { TrackVideo } from './media-element'
import { useMeetingContext } from './meeting-context'

/**
 * The device check before joining (view "mirrorCheck"): name, camera, microphone, speakers,
 * a preview, the picture others see, the 1280x720 check and the blocked-devices dialog.
 */
export function MirrorCheck() {
  const { t } = useT()
  const { meeting, config } = useMeetingContext()
  const { state, local, devices, choices, actions } = meeting
  const blocked = local.problems.camera === 'blocked' || local.problems.microphone === 'blocked'
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    if (blocked && dialog.current && !dialog.current.open) dialog.current.showModal()
  }, [blocked])
  const nameMissing = state.me.name.trim() === ''
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!nameMissing) void actions.join()
  }
  const problemText = (kind: 'camera' | 'microphone') => {
    const problem = local.problems[kind]
    if (!problem || problem === 'blocked') return null
    if (problem === 'unsupported') return t('meeting:mirror.unsupported')
    return t(kind === 'camera' ? 'meeting:mirror.cameraNotAccessible' : 'meeting:mirror.microphoneNotAccessible')
  }
  return (
    <main id="main" className="meeting-mirror">
      <form className="card meeting-mirror-card" onSubmit={submit} noValidate>
        <h1>{t('meeting:mirror.title')}</h1>
        <div className="meeting-preview">
          {local.camera ? (
            <TrackVideo
              track={local.camera}
              mirrored={config.settings.mirrorOwnVideo}
              label={t('meeting:mirror.preview')}
            />
          ) : (
            <div className="meeting-preview-off">
              {state.me.avatar ? (
                <img src={state.me.avatar} alt="" className="meeting-avatar meeting-avatar-large" />
              ) : null}
              <p>{t('meeting:mirror.cameraOff')}</p>
            </div>
          )}
        </div>
        {local.cameraBelowMinimum ? (
          <p className="meeting-warning" role="status">
            {t('meeting:mirror.cameraBelowMinimum')}
          </p>
        ) : null}
        {[problemText('camera'), problemText('microphone')].filter(Boolean).map((text) => (
          <p key={text} className="meeting-warning" role="alert">
            {text}
          </p>
        ))}
        <div className="field">
          <label htmlFor="meeting-name">{t('meeting:mirror.name')}</label>
          <input
            id="meeting-name"
            value={state.me.name}
            // A signed-in person meets under their account's name (the edge takes no other).
            readOnly={!config.me.isGuest}
            maxLength={GUEST_NAME_MAX}
            autoComplete="name"
            aria-invalid={nameMissing || undefined}
            aria-describedby={nameMissing ? 'meeting-name-error' : undefined}
            onChange={(event) => actions.setName(event.target.value)}
          />
          {nameMissing ? (
            <p id="meeting-name-error" className="field-error">
              {t('meeting:mirror.nameRequired')}
            </p>
          ) : null}
        </div>
        <DeviceSelect
          label={t('meeting:mirror.camera')}
          id="meeting-camera"
          devices={devices.cameras}
          value={choices.cameraId ?? local.camera?.getSettings().deviceId ?? ''}
          onChange={(id) => actions.chooseDevice('camera', id)}
        />
        <DeviceSelect
          label={t('meeting:mirror.microphone')}
          id="meeting-microphone"
          devices={devices.microphones}
          value={choices.micId ?? local.mic?.getSettings().deviceId ?? ''}
          onChange={(id) => actions.chooseDevice('microphone', id)}
        />
        {canChooseSpeakers() && devices.speakers.length ? (
          <DeviceSelect
            label={t('meeting:mirror.speakers')}
            id="meeting-speakers"
            devices={devices.speakers}
            value={choices.speakerId ?? ''}
            onChange={(id) => actions.chooseDevice('speaker', id)}
          />
        ) : null}
        <AvatarPicker />
        <div className="meeting-actions">
          <button type="button" className="button" onClick={actions.backHome}>
            {t('meeting:mirror.back')}
          </button>
          <button
            type="submit"
            className="button button-primary meeting-enter"
            disabled={state.me.joining || nameMissing}
          >
            {state.me.joining ? t('meeting:mirror.joining') : t('meeting:mirror.join')}
          </button>
        </div>
      </form>
      <dialog ref={dialog} className="meeting-dialog" aria-labelledby="blocked-title">
        <h2 id="blocked-title">{t('meeting:mirror.blocked.title')}</h2>
        <p>{t('meeting:mirror.blocked.message')}</p>
        <div className="meeting-actions">
          <button type="button" className="button" onClick={() => dialog.current?.close()}>
            {t('meeting:mirror.blocked.continue')}
          </button>
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              dialog.current?.close()
              void actions.retryDevices()
            }}
          >
            {t('meeting:mirror.blocked.retry')}
          </button>
        </div>
      </dialog>
    </main>
  )
}

function DeviceSelect({
  label,
  id,
  devices,
  value,
  onChange,
}: {
  label: string
  id: string
  devices: MediaDeviceInfo[]
  value: string
  onChange: (id: string) => void
}) {
  const { t } = useT()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} disabled={devices.length === 0}>
        {devices.length === 0 ? <option value="">{t('meeting:mirror.none')}</option> : null}
        {devices.map((device, index) => (
          <option key={device.deviceId || index} value={device.deviceId}>
            {device.label || `${label} ${index + 1}`}
          </option>
        ))}
      </select>
    </div>
  )
}

/**
 * The picture the others see while my camera is off (the spec's pre-join avatar upload): chosen
 * here, stored at once. A member's becomes their account's picture.
 */
function AvatarPicker() {
  const { t } = useT()
  const { meeting } = useMeetingContext()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    const file = input.files?.[0]
    if (!file) return
    setBusy(true)
    setError(null)
    const answer = await meeting.actions.uploadAvatar(file)
    setBusy(false)
    if (answer) setError(answer.refused ?? t('meeting:mirror.avatarFailed'))
    input.value = ''
  }
  return (
    <div className="field">
      <label htmlFor="meeting-avatar">{t('meeting:mirror.avatar')}</label>
      <div className="meeting-avatar-row">
        {meeting.state.me.avatar ? (
          <img src={meeting.state.me.avatar} alt="" width={40} height={40} className="meeting-avatar" />
        ) : null}
        <input
          id="meeting-avatar"
          type="file"
          accept="image/jpeg,image/png,image/gif"
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'meeting-avatar-error' : 'meeting-avatar-hint'}
          onChange={(event) => void choose(event)}
        />
      </div>
      {error ? (
        <p id="meeting-avatar-error" className="field-error" role="alert">
          {error}
        </p>
      ) : (
        <p id="meeting-avatar-hint" className="hint">
          {busy ? t('meeting:mirror.avatarUploading') : t('meeting:mirror.avatarHint')}
        </p>
      )}
    </div>
  )
}
