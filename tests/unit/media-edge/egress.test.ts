import { describe, expect, it } from 'vitest'
import { EgressRefused, isPublicAddress, parseAllowList, resolvePublicTarget, type Lookup } from '#edge/egress'

/** A resolver answering from a table, as DNS would (an unknown name fails as ENOTFOUND does). */
const dnsOf =
  (table: Record<string, string[]>): Lookup =>
  async (host) => {
    const answers = table[host]
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
    return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  }

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  )
  return error instanceof EgressRefused ? error.reason : error
}

describe('isPublicAddress', () => {
  it('accepts public IPv4 and IPv6 addresses', () => {
    for (const ip of [
      '8.8.8.8',
      '1.1.1.1',
      '142.250.185.14',
      '100.63.255.255',
      '100.128.0.0',
      '172.15.255.255',
      '172.32.0.0',
      '192.167.255.255',
      '169.253.255.255',
      '223.255.255.255',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(true)
    }
    for (const ip of [
      '2001:4860:4860::8888',
      '2606:4700:4700::1111',
      '2a03:2880:f12f:83:face:b00c::25de',
      '[2001:4860:4860::8844]',
      '::ffff:8.8.8.8',
      '::ffff:808:808',
      '64:ff9b::808:808',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(true)
    }
  })

  it('refuses loopback, private, link-local, CGNAT, metadata, unspecified, multicast and reserved IPv4', () => {
    // prettier-ignore
    const refused = [
      '127.0.0.1', '127.1.2.3', '127.255.255.255', // loopback
      '10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.255', '192.168.0.1', '192.168.255.255', // private
      '169.254.0.1', '169.254.169.254', // link-local, metadata
      '100.64.0.1', '100.127.255.255', // CGNAT
      '0.0.0.0', '0.1.2.3', // unspecified, "this network"
      '224.0.0.1', '239.255.255.250', // multicast
      '240.0.0.1', '255.255.255.255', // reserved, broadcast
      '192.0.0.8', '192.0.2.1', '198.18.0.1', '198.19.255.255', '198.51.100.7', '203.0.113.9', '192.88.99.1', // special purpose, documentation
    ]
    for (const ip of refused) expect(isPublicAddress(ip), ip).toBe(false)
  })

  it('refuses loopback, unique-local, link-local, metadata, multicast and reserved IPv6, and IPv4 ones written as IPv6', () => {
    // prettier-ignore
    const refused = [
      '::1', '::', '[::1]', '0:0:0:0:0:0:0:1', // loopback, unspecified
      'fc00::1', 'fd12:3456:789a::1', 'fd00:ec2::254', // unique-local, AWS metadata
      'fe80::1', 'fe80::1%eth0', 'febf:ffff::1', 'fec0::1', // link-local, old site-local
      'ff02::1', 'ff05::2', // multicast
      '100::1', '2001:db8::1', '2001::1', '3fff::1', '4000::1', // discard, documentation, Teredo, outside global unicast
      '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe', '::ffff:192.168.1.1', '::ffff:100.64.0.1', '::ffff:0.0.0.0', // IPv4-mapped
      '0:0:0:0:0:ffff:7f00:1', '::127.0.0.1', '64:ff9b::127.0.0.1', '64:ff9b::a00:1', '2002:7f00:1::', '2002:c0a8:101::1', // compatible, NAT64, 6to4
    ]
    for (const ip of refused) expect(isPublicAddress(ip), ip).toBe(false)
  })

  it('refuses what is not an address', () => {
    for (const value of [
      '',
      'localhost',
      'example.com',
      '2130706433',
      '0x7f.1',
      '127.1',
      '1.2.3',
      '::ffff:',
      '256.1.1.1',
    ])
      expect(isPublicAddress(value), value).toBe(false)
  })
})

describe('resolvePublicTarget', () => {
  const dns = dnsOf({
    'a.rtmp.youtube.com': ['142.250.185.14'],
    'live.example.com': ['2606:4700::6810:84e5', '104.16.132.229'],
    localhost: ['127.0.0.1', '::1'],
    'rebind.example.com': ['93.184.216.34', '127.0.0.1'],
    'metadata.example.com': ['169.254.169.254'],
    'ingest.lan': ['192.168.1.20'],
    'v6only.example.com': ['2001:4860:4860::8888'],
    '2130706433': ['127.0.0.1'],
  })

  it('pins a public host to the address it resolved to, keeping port, path, key and query', async () => {
    expect(await resolvePublicTarget('rtmp://a.rtmp.youtube.com/live2/abcd-1234', [], dns)).toEqual({
      host: 'a.rtmp.youtube.com',
      address: '142.250.185.14',
      url: 'rtmp://142.250.185.14/live2/abcd-1234',
    })
    // IPv4 is preferred when the host has both; an IPv6 one goes in brackets.
    expect((await resolvePublicTarget('rtmps://Live.Example.com:443/live/k?x=1', [], dns)).url).toBe(
      'rtmps://104.16.132.229:443/live/k?x=1',
    )
    expect((await resolvePublicTarget('rtmp://v6only.example.com:1935/app/k', [], dns)).url).toBe(
      'rtmp://[2001:4860:4860::8888]:1935/app/k',
    )
    // An address needs no lookup; the user part stays, the host after the last @ is the one replaced.
    expect((await resolvePublicTarget('rtmp://8.8.8.8/app/k', [], dns)).url).toBe('rtmp://8.8.8.8/app/k')
    expect((await resolvePublicTarget('rtmp://u:p@x@a.rtmp.youtube.com/app/k', [], dns)).url).toBe(
      'rtmp://u:p@x@142.250.185.14/app/k',
    )
  })

  it('refuses loopback, private and metadata targets, by address or by a name resolving to one', async () => {
    for (const url of [
      'rtmp://127.0.0.1:1935/live/k',
      'rtmp://[::1]/live/k',
      'rtmp://[::ffff:127.0.0.1]/live/k',
      'rtmp://10.1.2.3/live/k',
      'rtmp://169.254.169.254/latest/meta-data',
      'rtmp://[fd00:ec2::254]/x/y',
      'rtmp://0.0.0.0:1935/live/k',
      'rtmp://localhost:1935/live/k',
      'rtmp://LOCALHOST./live/k',
      'rtmps://metadata.example.com/x/y',
      'rtmp://2130706433/live/k',
      'rtmp://u@127.0.0.1@a.rtmp.youtube.com.evil/live/k',
    ]) {
      expect(
        await refusal(
          resolvePublicTarget(
            url,
            [],
            dnsOf({
              ...{ localhost: ['127.0.0.1'], 'metadata.example.com': ['169.254.169.254'], '2130706433': ['127.0.0.1'] },
              'a.rtmp.youtube.com.evil': ['127.0.0.1'],
            }),
          ),
        ),
        url,
      ).toBe('not-public')
    }
    // Every answer must be public, not only the first.
    expect(await refusal(resolvePublicTarget('rtmp://rebind.example.com/live/k', [], dns))).toBe('not-public')
    expect(await refusal(resolvePublicTarget('rtmp://ingest.lan/live/k', [], dns))).toBe('not-public')
  })

  it('reports a host that does not resolve', async () => {
    expect(await refusal(resolvePublicTarget('rtmp://nowhere.invalid/live/k', [], dns))).toBe('unresolvable')
    expect(await refusal(resolvePublicTarget('rtmp:///live/k', [], dns))).toBe('unresolvable')
    expect(await refusal(resolvePublicTarget('not a url', [], dns))).toBe('unresolvable')
  })

  it('with an allow-list, takes only its hosts, which may be private; pinned all the same', async () => {
    const allowList = parseAllowList(' Ingest.LAN , 127.0.0.1,[::1],')
    expect(allowList).toEqual(['ingest.lan', '127.0.0.1', '::1'])
    expect(await resolvePublicTarget('rtmp://ingest.lan/live/k', allowList, dns)).toEqual({
      host: 'ingest.lan',
      address: '192.168.1.20',
      url: 'rtmp://192.168.1.20/live/k',
    })
    expect((await resolvePublicTarget('rtmp://127.0.0.1:1935/live/k', allowList, dns)).url).toBe(
      'rtmp://127.0.0.1:1935/live/k',
    )
    expect((await resolvePublicTarget('rtmp://[::1]:1935/live/k', allowList, dns)).url).toBe('rtmp://[::1]:1935/live/k')
    // Anything else is refused, public or not: the operator named where streams go.
    for (const url of ['rtmp://a.rtmp.youtube.com/live2/k', 'rtmp://localhost/live/k', 'rtmp://10.0.0.1/live/k']) {
      expect(await refusal(resolvePublicTarget(url, allowList, dns)), url).toBe('not-allowed')
    }
  })

  it('reads an unset or empty allow-list as none', () => {
    expect(parseAllowList(undefined)).toEqual([])
    expect(parseAllowList('')).toEqual([])
    expect(parseAllowList(' , ')).toEqual([])
  })
})
