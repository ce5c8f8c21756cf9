import { describe, expect, it } from 'vitest'
import { EDGE_ERRORS } from '#edge/contract/protocol'
import { createTranslator } from '#app/lib/i18n/i18n'
import { edgeRefusalKey } from '#app/meeting/edge-refusals'
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
