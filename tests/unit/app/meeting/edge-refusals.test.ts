import { describe, expect, it } from 'vitest'
import { EDGE_ERRORS } from '#edge/contract/protocol'
import { createTranslator } from '#app/lib/i18n/i18n'
import { edgeRefusalKey } from '#app/meeting/edge-refusals'
import english from '#locales/en/meeting.json'
import es from '#locales/es/meeting.json'

describe("the edge's refusals in the meeting client", () => {
  it('are translated for the limits the edge enforces, and only those', () => {
    expect(edgeRefusalKey(new Error(EDGE_ERRORS.rateLimited))).toBe('meeting:edgeLimits.rateLimited')
    expect(edgeRefusalKey(new Error(EDGE_ERRORS.chatOff))).toBe('meeting:edgeLimits.chatOff')
    expect(edgeRefusalKey(EDGE_ERRORS.screenShareOff)).toBe('meeting:edgeLimits.screenShareOff')
    expect(edgeRefusalKey(new Error(EDGE_ERRORS.kicked))).toBeNull()
    expect(edgeRefusalKey(new Error('toString'))).toBeNull()
    expect(edgeRefusalKey(undefined)).toBeNull()
    const t = createTranslator('es', { meeting: es })
    expect(t(edgeRefusalKey(new Error(EDGE_ERRORS.chatOff))!)).toBe('El chat está desactivado en esta comunidad.')
  })
})

describe('recording refusals', () => {
  it("show the spec's two recording texts, and the community's switch, in the viewer's language", () => {
    const en = createTranslator('en', { meeting: english })
    expect(en(edgeRefusalKey(new Error(EDGE_ERRORS.recordingFailed))!)).toBe(EDGE_ERRORS.recordingFailed)
    expect(en(edgeRefusalKey(new Error(EDGE_ERRORS.recorderFailed))!)).toBe(EDGE_ERRORS.recorderFailed)
    expect(en(edgeRefusalKey(new Error(EDGE_ERRORS.recordingOff))!)).toBe(EDGE_ERRORS.recordingOff)
    const t = createTranslator('es', { meeting: es })
    expect(t(edgeRefusalKey(new Error(EDGE_ERRORS.recorderFailed))!)).toBe(
      'Se produjo un error al iniciar el grabador. Inténtalo de nuevo.',
    )
  })
})

describe('live stream refusals', () => {
  it("show the live stream's texts in the viewer's language", () => {
    const en = createTranslator('en', { meeting: english })
    for (const error of [
      EDGE_ERRORS.liveOff,
      EDGE_ERRORS.liveUrlInvalid,
      EDGE_ERRORS.liveNoMedia,
      EDGE_ERRORS.liveFailed,
    ]) {
      expect(en(edgeRefusalKey(new Error(error))!)).toBe(error)
    }
    const t = createTranslator('es', { meeting: es })
    expect(t(edgeRefusalKey(EDGE_ERRORS.liveUrlInvalid)!)).toBe(
      'Escribe la dirección de transmisión como rtmp:// o rtmps://, con su clave.',
    )
  })
})
