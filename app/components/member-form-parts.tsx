import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { useT } from '#app/lib/i18n/use-t'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import type { CommunityRole } from '#models/permissions'

// Pieces the member editor and the new member wizard share: the roles, the room link (with the
// "not available" message and its suggestion) and a checkbox with its label.

export type RoleChoice = { slug: CommunityRole; checked: boolean; assignable: boolean }
export type RoomLinkRefusal = { message: TranslationKey; label: string; suggestion: string } | null

/** The label key of a role: its slug without the community- prefix (keys are plain identifiers). */
const roleLabel = (slug: CommunityRole) =>
  slug.replace('community-', '') as
    'owner' | 'admin' | 'moderator' | 'member' | 'user' | 'viewer' | 'guest' | 'developer'

function chosen(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String)
  return typeof value === 'string' ? [value] : []
}

/**
 * One checkbox per community role. A role this editor may not grant or take away (an admin and the
 * owner role) is shown disabled with its current state; the server keeps it as it is.
 */
export function RoleCheckboxes({
  field,
  choices,
}: {
  field: FieldMetadata<string[] | undefined>
  choices: RoleChoice[]
}) {
  const { t } = useT()
  const submitted = field.initialValue === undefined ? null : chosen(field.initialValue)
  const errorId = `${field.id}-error`
  return (
    <fieldset className="stack role-choices" aria-describedby={field.errors?.length ? errorId : undefined}>
      <legend>{t('members:editor.sections.roles')}</legend>
      <div className="role-grid">
        {choices.map(({ slug, checked, assignable }) => (
          <div key={slug} className="checkbox-field">
            <input
              type="checkbox"
              id={`${field.id}-${slug}`}
              name={field.name}
              value={slug}
              defaultChecked={assignable && submitted ? submitted.includes(slug) : checked}
              disabled={!assignable}
            />
            <label htmlFor={`${field.id}-${slug}`}>{t(`members:editor.roles.${roleLabel(slug)}`)}</label>
          </div>
        ))}
      </div>
      {choices.some((choice) => !choice.assignable) ? <p className="hint">{t('members:editor.ownerHint')}</p> : null}
      {field.errors?.length ? (
        <p id={errorId} className="field-error">
          {field.errors.map((error) => t(error as TranslationKey)).join(' ')}
        </p>
      ) : null}
    </fieldset>
  )
}

/** The room link input under its address prefix; a refused link says why and offers a free one. */
export function RoomLinkField({
  field,
  label,
  prefix,
  refusal,
}: {
  field: FieldMetadata<string | undefined>
  label: string
  prefix: string
  refusal: RoomLinkRefusal
}) {
  const { t } = useT()
  const errorId = `${field.id}-error`
  const hintId = `${field.id}-hint`
  const invalid = Boolean(field.errors?.length)
  return (
    <div className="field room-link-field">
      <label htmlFor={field.id}>{label}</label>
      <div className="room-link-input">
        <span aria-hidden="true">{prefix}</span>
        <input
          {...getInputProps(field, { type: 'text' })}
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${errorId} ${hintId}` : hintId}
        />
      </div>
      <p id={hintId} className="hint">
        {t('members:roomLink.hint')}
      </p>
      {invalid ? (
        <div id={errorId} className="field-error">
          {refusal ? (
            <>
              <p>{t(refusal.message, { label: refusal.label })}</p>
              <p>{t('members:roomLink.suggestion', { suggestion: refusal.suggestion })}</p>
            </>
          ) : (
            <p>{field.errors!.map((error) => t(error as TranslationKey)).join(' ')}</p>
          )}
        </div>
      ) : null}
    </div>
  )
}

/** A room link change waiting to be confirmed: from and to, as the server worked them out. */
export type RoomLinkChange = { from: string; to: string }

/**
 * The link change's question, in two parts: the notice at the top of the form (what changes and
 * what it costs, with a jump to the button) and, inside the form after its Save button, the button
 * that confirms it (after Save, so that Enter in a field saves and asks again instead of confirming).
 */
export function RoomLinkChangeNotice({
  change,
  prefix,
  anchor,
}: {
  change: RoomLinkChange
  prefix: string
  anchor: string
}) {
  const { t } = useT()
  return (
    <div role="alert" className="notice notice-info">
      <p>
        <strong>
          {t('members:roomLink.confirm.title', { from: `${prefix}${change.from}`, to: `${prefix}${change.to}` })}
        </strong>
      </p>
      <p>{t('members:roomLink.confirm.warning')}</p>
      <p>
        <a href={`#${anchor}`}>{t('members:roomLink.confirm.jump')}</a>
      </p>
    </div>
  )
}

export function RoomLinkConfirmButton({
  change,
  prefix,
  anchor,
  busy,
}: {
  change: RoomLinkChange
  prefix: string
  anchor: string
  busy: boolean
}) {
  const { t } = useT()
  return (
    <div id={anchor} className="notice notice-info link-confirmation">
      <p>{t('members:roomLink.confirm.warning')}</p>
      <button type="submit" name="confirm" value={change.to} className="button button-primary" disabled={busy}>
        {t('members:roomLink.confirm.button', { to: `${prefix}${change.to}` })}
      </button>
    </div>
  )
}
