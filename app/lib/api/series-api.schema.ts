// The JSON API's event series calls (docs/api.md#event-series): the list's query. The bodies are the
// series form's own schema (app/lib/event-series/series.schema.ts). Browser-safe.
import { z } from 'zod'
import { brandQuery } from './api.schema'

/** GET /event-series with brandId. */
export const SeriesListQuery = z.object(brandQuery)
