import { DataTypes, type ModelAttributeColumnOptions, type Model } from 'sequelize'

/**
 * A JSON attribute that reads back as a value on every dialect. SQLite hands model instances
 * objects but raw rows strings; MariaDB stores JSON as LONGTEXT and some drivers return the text.
 * Reading through this getter is the one place that normalises both.
 *
 * With `defaults`, the stored object is laid over them, so a setting added later needs no data
 * migration: rows written before it simply read the default.
 */
export function jsonColumn<T>(
  name: string,
  options: { allowNull?: boolean; defaults?: () => T } = {},
): ModelAttributeColumnOptions<Model> {
  const { defaults } = options
  return {
    type: DataTypes.JSON,
    allowNull: options.allowNull ?? true,
    ...(defaults ? { defaultValue: defaults } : {}),
    get(this: Model) {
      const stored = parseJson(this.getDataValue(name as never))
      if (!defaults) return stored
      const base = defaults()
      if (isPlainObject(base) && isPlainObject(stored)) return { ...base, ...stored }
      return stored ?? base
    },
  }
}

export function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null
  try {
    return JSON.parse(value)
  } catch {
    return null
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
