// The speech service's protocol as the captions adapter speaks it (media-edge/deepgram-speech.ts).
import { describe, expect, it } from 'vitest'
import { listenUrl, readResult } from '#edge/deepgram-speech'

describe('reading the service’s messages', () => {
  it('takes the first alternative of a Results message, interim or final', () => {
    const results = (transcript: string, isFinal: boolean) =>
      JSON.stringify({
        type: 'Results',
        is_final: isFinal,
        channel: { alternatives: [{ transcript, confidence: 0.98 }, { transcript: 'other' }] },
      })
    expect(readResult(results(' Hola a todos ', false))).toEqual({ text: 'Hola a todos', final: false })
    expect(readResult(results('Hello everyone.', true))).toEqual({ text: 'Hello everyone.', final: true })
  })

  it('ignores empty results, other message types and what is not JSON', () => {
    expect(
      readResult(JSON.stringify({ type: 'Results', is_final: true, channel: { alternatives: [{ transcript: '' }] } })),
    ).toBeNull()
    expect(readResult(JSON.stringify({ type: 'Metadata', request_id: 'x' }))).toBeNull()
    expect(readResult(JSON.stringify({ type: 'SpeechStarted' }))).toBeNull()
    expect(readResult(JSON.stringify({ type: 'Results' }))).toBeNull()
    expect(readResult('not json')).toBeNull()
  })
})

describe('the stream address', () => {
  it('names the audio format the taps send and the language, keeping the service’s own parameters', () => {
    const url = new URL(listenUrl('wss://speech.example/v1/listen?model=nova-3', 'pt'))
    expect(url.origin + url.pathname).toBe('wss://speech.example/v1/listen')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      model: 'nova-3',
      encoding: 'linear16',
      sample_rate: '16000',
      channels: '1',
      interim_results: 'true',
      punctuate: 'true',
      language: 'pt',
    })
  })
})
