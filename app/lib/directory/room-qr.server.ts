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

/**
 * A QR code as its own response: an SVG that, opened on its own, may do nothing but draw itself.
 * `cacheControl` is the caller's: a code may be private, or change at the same address.
 */
export function qrResponse(svg: string, filename: string, cacheControl: string): Response {
  return new Response(svg, {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': cacheControl,
      'Content-Disposition': `inline; filename="${filename}"`,
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  })
}
