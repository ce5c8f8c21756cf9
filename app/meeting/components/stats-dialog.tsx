import { useEffect, useState } from 'react'
import type { EdgeSession } from '../edge-session'
import { useT } from '#app/lib/i18n/use-t'
import { PanelDialog } from './dialogs'
import { useMeetingContext } from './meeting-context'

type Stats = Awaited<ReturnType<EdgeSession['stats']>>

/** Peer stats: what I send and receive, read from the transports every second while open. */
export function StatsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT()
  const { meeting } = useMeetingContext()
  const [stats, setStats] = useState<Stats | null>(null)
  useEffect(() => {
    const session = meeting.session
    if (!open || !session) return
    let live = true
    const read = () =>
      session
        .stats()
        .then((next) => live && setStats(next))
        .catch(() => undefined)
    void read()
    const timer = setInterval(read, 1000)
    return () => {
      live = false
      clearInterval(timer)
    }
  }, [open, meeting.session])
  const peerName = (peerId: string) => meeting.state.peers[peerId]?.name ?? peerId
  const figure = (value: number | string | undefined, scale = 1) =>
    typeof value === 'number' ? Math.round(value * scale) : '–'
  const source = (value: 'mic' | 'webcam' | 'screen') => t(`meeting:stats.sources.${value}`)
  return (
    <PanelDialog open={open} title={t('meeting:stats.title')} closeLabel={t('meeting:stats.close')} onClose={onClose}>
      {!stats || (stats.consumers.length === 0 && stats.producers.length === 0) ? (
        <p>{t('meeting:stats.none')}</p>
      ) : null}
      {stats?.producers.length ? (
        <table className="meeting-stats">
          <caption>{t('meeting:stats.sending')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('meeting:stats.source')}</th>
              <th scope="col">{t('meeting:stats.resolution')}</th>
              <th scope="col">{t('meeting:stats.fps')}</th>
            </tr>
          </thead>
          <tbody>
            {stats.producers.map((producer) => (
              <tr key={producer.source}>
                <th scope="row">{source(producer.source)}</th>
                <td>{producer.frameWidth ? `${producer.frameWidth}×${producer.frameHeight}` : '–'}</td>
                <td>{figure(producer.framesPerSecond)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {stats?.consumers.length ? (
        <table className="meeting-stats">
          <caption>{t('meeting:stats.receiving')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('meeting:stats.source')}</th>
              <th scope="col">{t('meeting:stats.resolution')}</th>
              <th scope="col">{t('meeting:stats.frames')}</th>
              <th scope="col">{t('meeting:stats.lost')}</th>
            </tr>
          </thead>
          <tbody>
            {stats.consumers.map((consumer) => (
              <tr key={`${consumer.peerId}-${consumer.source}`}>
                <th scope="row">
                  {peerName(consumer.peerId)}: {source(consumer.source)}
                </th>
                <td>{consumer.frameWidth ? `${consumer.frameWidth}×${consumer.frameHeight}` : '–'}</td>
                <td data-frames-decoded={consumer.framesDecoded ?? 0}>{figure(consumer.framesDecoded)}</td>
                <td>{figure(consumer.packetsLost)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {stats?.transports.length ? (
        <p>
          {t('meeting:stats.connection')}:{' '}
          {stats.transports.map((transport) => `${transport.direction} ${transport.state}`).join(', ')}
          {' · '}
          {t('meeting:stats.rtt')}: {figure(stats.transports[0]?.currentRoundTripTime, 1000)}
        </p>
      ) : null}
    </PanelDialog>
  )
}
