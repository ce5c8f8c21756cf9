import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'

/** A real image of one colour, encoded as `format`. */
export async function solidImage(
  format: 'png' | 'jpeg' | 'webp' | 'gif',
  width: number,
  height: number,
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2f6fb0' } })
    [format]()
    .toBuffer()
}

/**
 * A PNG whose header declares width×height RGBA pixels while the file stays about `bytes` long:
 * its image data holds only the first rows. A decoder that trusts the header before checking it
 * allocates width×height×4 bytes (1.6 GB for 20000×20000) before it finds the data short.
 */
export function pngDeclaring(width: number, height: number, bytes = 1024 * 1024): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 6, 0, 0, 0], 8) // 8 bits per channel, RGBA, deflate, no filter method, no interlace
  // Rows of noise (filter byte 0, then pixels), so the compressed data really is about `bytes` long.
  const rowBytes = 1 + width * 4
  const rows = Math.max(1, Math.ceil(bytes / rowBytes))
  const raw = Buffer.alloc(rows * rowBytes)
  let noise = 0x2545f491
  for (let index = 0; index < raw.length; index += 1) {
    // xorshift32: incompressible enough, and the same bytes on every run.
    noise ^= noise << 13
    noise ^= noise >>> 17
    noise ^= noise << 5
    raw[index] = index % rowBytes === 0 ? 0 : noise & 0xff
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
