import { CAPTION_LANGUAGES, type CaptionLanguage } from '#edge/contract/captions'
import { LEAVE_REASONS, type LeaveReason, type MeetingLogEntry } from '#edge/contract/meeting-log'
import type { Translate } from '#app/lib/i18n/i18n'

/** One line in words: the event's sentence with its names (a departure by its reason, captions by their language). */
export function logLine(t: Translate, { event, actor, subject, detail }: MeetingLogEntry): string {
  const names = { actor: actor ?? '', subject: subject ?? '' }
  switch (event) {
    case 'left': {
      const reason = LEAVE_REASONS.includes(detail as LeaveReason) ? (detail as LeaveReason) : 'left'
      return t(reason === 'left' ? 'meeting:log.events.left' : `meeting:log.events.left_${reason}`, names)
    }
    case 'captionsOn': {
      const spoken = CAPTION_LANGUAGES.includes(detail as CaptionLanguage)
        ? t(`meeting:captions.languages.${detail as CaptionLanguage}`)
        : (detail ?? '')
      return t('meeting:log.events.captionsOn', { ...names, detail: spoken })
    }
    default:
      return t(`meeting:log.events.${event}`, { ...names, detail: detail ?? '' })
  }
}
