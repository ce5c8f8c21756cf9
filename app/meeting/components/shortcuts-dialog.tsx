import { useT } from '#app/lib/i18n/use-t'
import { SHORTCUTS } from '../shortcuts'
import { PanelDialog } from './dialogs'

/** The keyboard shortcuts, with the rule of when they work (opened with "?" or from More). */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT()
  return (
    <PanelDialog
      open={open}
      title={t('meeting:shortcuts.title')}
      closeLabel={t('meeting:shortcuts.close')}
      onClose={onClose}
    >
      <dl className="meeting-shortcuts">
        {SHORTCUTS.map(({ key, action }) => (
          <div key={key}>
            <dt>
              <kbd>{key.toUpperCase()}</kbd>
            </dt>
            <dd>{t(`meeting:shortcuts.actions.${action}`)}</dd>
          </div>
        ))}
      </dl>
      <p>{t('meeting:shortcuts.rule')}</p>
    </PanelDialog>
  )
}
