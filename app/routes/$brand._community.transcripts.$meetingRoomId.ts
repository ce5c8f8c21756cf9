import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireTranscriptReader, transcriptFile } from '#app/lib/meetings/transcripts.server'

/** A meeting's transcript as a text download; 404 for one that does not exist or is not the reader's. */
export async function loader(args: LoaderFunctionArgs) {
  const { brand, reader } = await requireTranscriptReader(args)
  const file = await transcriptFile(brand.id, args.params.meetingRoomId ?? '', reader)
  if (!file) throw new Response('Not found', { status: 404 })
  return new Response(file.text, {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
