// QR sharing: a room's link as a QR code, drawn on the server as SVG so the
// page that shows it needs no script.
import QRCode from 'qrcode'
import { env } from '../platform/env.server'

/** The room's public address: what the code says. */
export function roomLink(brandSlug: string, roomSlug: string): string {
  return `${env.PUBLIC_URL}/${brandSlug}/${roomSlug}`
}

/** An SVG QR code of the link; medium error correction survives a print or a phone held at an angle. */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  })
}
