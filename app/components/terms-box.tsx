import type { FieldMetadata } from '@conform-to/react'
import type { CommunityTerms } from '#app/lib/communities/terms.schema'
import { useT } from '#app/lib/i18n/use-t'
import { CheckboxField } from './field'

/**
 * The community's terms and privacy links with the box that accepts them (acceptTermsField), on
 * every form that asks: the sign-up link, event registration. The links open in a new tab, so
 * what the person typed stays on the page.
 */
export function TermsBox({
  field,
  terms,
  community,
}: {
  field: FieldMetadata<boolean | undefined>
  terms: CommunityTerms
  community: string
}) {
  const { t } = useT()
  return (
    <CheckboxField
      field={field}
      label={t('common:terms.accept', { community })}
      hint={
        <span className="inline-actions">
          {terms.termsUrl ? (
            <a href={terms.termsUrl} target="_blank" rel="noopener noreferrer">
              {t('common:terms.termsOfService')}
            </a>
          ) : null}
          {terms.privacyUrl ? (
            <a href={terms.privacyUrl} target="_blank" rel="noopener noreferrer">
              {t('common:terms.privacyPolicy')}
            </a>
          ) : null}
        </span>
      }
    />
  )
}
