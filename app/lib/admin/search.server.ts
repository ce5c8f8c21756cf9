import { Op, literal } from 'sequelize'
import { Brand } from '#models/index'
import { LIKE_ESCAPE, containsPattern } from './listing'

/**
 * A where-condition for a column that contains the text, as typed (its % and _ are not wildcards).
 * SQLite's LIKE has no escape character unless the query names one, so it does, on both dialects.
 */
export function containsText(query: string) {
  const db = Brand.sequelize!
  return { [Op.like]: literal(`${db.escape(containsPattern(query))} ESCAPE '${LIKE_ESCAPE}'`) }
}
