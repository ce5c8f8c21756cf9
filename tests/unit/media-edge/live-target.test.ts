import { describe, expect, it } from 'vitest'
import { EDGE_ERRORS } from '#edge/contract/protocol'
import { rtmpTarget, rtmpTcUrl, rtmpVia } from '#edge/live-target'

describe('rtmpTarget', () => {
  it('takes rtmp:// and rtmps:// addresses, the stream key in the address or apart', () => {
    expect(rtmpTarget('rtmp://a.rtmp.youtube.com/live2/abcd-1234')).toBe('rtmp://a.rtmp.youtube.com/live2/abcd-1234')
    expect(rtmpTarget(' rtmps://live-api-s.facebook.com:443/rtmp/ ', ' FB-123 ')).toBe(
      'rtmps://live-api-s.facebook.com:443/rtmp/FB-123',
    )
    expect(rtmpTarget('rtmp://127.0.0.1:1935/live', 'key_1')).toBe('rtmp://127.0.0.1:1935/live/key_1')
    expect(rtmpTarget('RTMP://Example.com/app', '')).toBe('RTMP://Example.com/app')
  })

  it('refuses every other protocol, a missing host or application, spaces, and keys that would change the path', () => {
    const bad: [string, string?][] = [
      ['http://127.0.0.1/live/key'],
      ['https://example.com/live'],
      ['file:///etc/passwd'],
      ['udp://127.0.0.1:1234/live'],
      ['rtmp://'],
      ['rtmp://127.0.0.1'],
      ['rtmp://127.0.0.1/'],
      ['rtmp://127.0.0.1/live key'],
      ['rtmp://127.0.0.1/live\nkey'],
      ['rtmp://127.0.0.1/live', 'a/../b'],
      ['rtmp://127.0.0.1/live', 'a b'],
      ['rtmp://127.0.0.1/live', 'key?x=1'],
      ['not a url'],
      [''],
    ]
    for (const [url, key] of bad)
      expect(() => rtmpTarget(url, key), `${url} ${key ?? ''}`).toThrow(EDGE_ERRORS.liveUrlInvalid)
  })
})

describe('rtmpTcUrl', () => {
  it('names the app as ffmpeg does: the first path segment, or the first two when a third follows', () => {
    expect(rtmpTcUrl('rtmp://a.rtmp.youtube.com/live2/abcd-1234')).toBe('rtmp://a.rtmp.youtube.com/live2')
    expect(rtmpTcUrl('rtmps://live-api-s.facebook.com:443/rtmp/FB-123?s_bl=1')).toBe(
      'rtmps://live-api-s.facebook.com:443/rtmp',
    )
    expect(rtmpTcUrl('RTMP://user:pw@Example.com:1935/app/instance/key')).toBe('rtmp://Example.com:1935/app/instance')
    expect(rtmpTcUrl('rtmp://[2001:db8::1]/app/inst:x/key')).toBe('rtmp://[2001:db8::1]/app')
    expect(rtmpTcUrl('rtmp://host/ondemand/a/b')).toBe('rtmp://host/ondemand')
  })
})

describe('rtmpVia', () => {
  it('keeps the path, key and query, and replaces what comes before', () => {
    expect(rtmpVia('rtmps://u@live.example.com:443/live/k?x=1', 'rtmp://127.0.0.1:5000')).toBe(
      'rtmp://127.0.0.1:5000/live/k?x=1',
    )
  })
})
