import { useT } from '#app/lib/i18n/use-t'

/** Over a form that came back with errors: "Your changes were not saved". */
export function NotSavedNotice({ show }: { show: boolean }) {
  const { t } = useT()
  return show ? (
    <div role="alert" className="notice notice-error">
      <p>{t('settings:notSaved')}</p>
    </div>
  ) : null
}
