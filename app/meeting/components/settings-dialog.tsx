import { canChooseSpeakers } from '../devices'
import { isSendQuality } from '../encodings'
import { useT } from '#app/lib/i18n/use-t'
import { PanelDialog } from './dialogs'
import { useMeetingContext } from './meeting-context'

/**
 * In-meeting settings: devices (switched after 500 ms without changes), the send quality, and a
 * member's mobile phone (changed and proven by code in the account settings, opened beside the meeting).
 */
export function SettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT()
  const { meeting, config } = useMeetingContext()
  const { devices, choices, local, actions, qualities } = meeting
  const select = (
    id: string,
    label: string,
    list: MediaDeviceInfo[],
    value: string,
    kind: 'camera' | 'microphone' | 'speaker',
  ) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        disabled={!list.length}
        onChange={(event) => actions.chooseDevice(kind, event.target.value)}
      >
        {list.length === 0 ? <option value="">{t('meeting:mirror.none')}</option> : null}
        {list.map((device, index) => (
          <option key={device.deviceId || index} value={device.deviceId}>
            {device.label || `${label} ${index + 1}`}
          </option>
        ))}
      </select>
    </div>
  )
  return (
    <PanelDialog
      open={open}
      title={t('meeting:settings.title')}
      closeLabel={t('meeting:settings.close')}
      onClose={onClose}
    >
      {select(
        'settings-camera',
        t('meeting:mirror.camera'),
        devices.cameras,
        choices.cameraId ?? local.camera?.getSettings().deviceId ?? '',
        'camera',
      )}
      {select(
        'settings-microphone',
        t('meeting:mirror.microphone'),
        devices.microphones,
        choices.micId ?? local.mic?.getSettings().deviceId ?? '',
        'microphone',
      )}
      {canChooseSpeakers() && devices.speakers.length
        ? select(
            'settings-speakers',
            t('meeting:mirror.speakers'),
            devices.speakers,
            choices.speakerId ?? '',
            'speaker',
          )
        : null}
      <div className="field">
        <label htmlFor="settings-quality">{t('meeting:settings.sendQuality')}</label>
        <select
          id="settings-quality"
          value={choices.quality}
          onChange={(event) => {
            if (isSendQuality(event.target.value)) void actions.setSendQuality(event.target.value)
          }}
        >
          {qualities.map((quality) => (
            <option key={quality} value={quality}>
              {t(`meeting:settings.qualities.${quality}`)}
            </option>
          ))}
        </select>
      </div>
      {config.me.isGuest ? null : (
        <div className="field">
          <h3>{t('meeting:settings.phone.heading')}</h3>
          <p>{config.me.phoneNumber ?? t('meeting:settings.phone.none')}</p>
          <p className="hint">{t('meeting:settings.phone.hint')}</p>
          <a href="/me/settings#contact-heading" target="_blank" rel="noopener">
            {t(config.me.phoneNumber ? 'meeting:settings.phone.change' : 'meeting:settings.phone.add')}
          </a>
        </div>
      )}
    </PanelDialog>
  )
}
