import { getSelectProps, getTextareaProps, type FieldMetadata } from '@conform-to/react'
import { CheckboxField, Field } from '#app/components/field'
import { GROUP_TYPES } from '#app/lib/groups/group-rules'
import { useT } from '#app/lib/i18n/use-t'
import { DIRECTORY_VISIBILITY } from '#app/lib/members/member.schema'

/** Who may enter a group and where the directory shows it: the same fields in the new-group wizard and the group's details. */
export function GroupAccessFields({
  groupType,
  visibleInDirectory,
  pinnedInDirectory,
}: {
  groupType: FieldMetadata<string>
  visibleInDirectory: FieldMetadata<string>
  pinnedInDirectory: FieldMetadata<boolean | undefined>
}) {
  const { t } = useT()
  return (
    <>
      <div className="field-grid">
        <Field label={t('groups:wizard.fields.groupType')} errors={groupType.errors}>
          <select {...getSelectProps(groupType)}>
            {GROUP_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`groups:types.${type}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('groups:wizard.fields.visibleInDirectory')} errors={visibleInDirectory.errors}>
          <select {...getSelectProps(visibleInDirectory)}>
            {DIRECTORY_VISIBILITY.map((visibility) => (
              <option key={visibility} value={visibility}>
                {t(`groups:visibility.${visibility}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <CheckboxField field={pinnedInDirectory} label={t('groups:wizard.fields.pinnedInDirectory')} />
    </>
  )
}

/** How people join a group: the same fields in the new-group wizard and the group's preferences. */
export function GroupJoiningFields({
  allowMembershipRequests,
  manualApproval,
  questions,
}: {
  allowMembershipRequests: FieldMetadata<boolean | undefined>
  manualApproval: FieldMetadata<boolean | undefined>
  questions: FieldMetadata<string | undefined>
}) {
  const { t } = useT()
  return (
    <>
      <CheckboxField field={allowMembershipRequests} label={t('groups:preferences.allowMembershipRequests')} />
      <CheckboxField field={manualApproval} label={t('groups:preferences.manualApproval')} />
      <Field label={t('groups:preferences.questions')} errors={questions.errors}>
        <textarea {...getTextareaProps(questions)} rows={4} />
      </Field>
      <p className="hint">{t('groups:preferences.questionsHint')}</p>
    </>
  )
}
