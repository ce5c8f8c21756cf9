import { DataTypes, type Model } from 'sequelize'
import { describe, expect, it } from 'vitest'
import { jsonColumn, parseJson } from '#models/json'

describe('parseJson', () => {
  it('parses JSON text', () => {
    expect(parseJson('{"a":1,"b":[true,null]}')).toEqual({ a: 1, b: [true, null] })
    expect(parseJson('[1,2]')).toEqual([1, 2])
    expect(parseJson('42')).toBe(42)
    expect(parseJson('"text"')).toBe('text')
    expect(parseJson('false')).toBe(false)
    expect(parseJson('null')).toBeNull()
  })

  it('returns null for text that is not JSON', () => {
    expect(parseJson('{not json')).toBeNull()
    expect(parseJson('')).toBeNull()
    expect(parseJson('undefined')).toBeNull()
  })

  it('passes values that are already parsed through unchanged', () => {
    const object = { a: 1 }
    const array = [1, 2]
    expect(parseJson(object)).toBe(object)
    expect(parseJson(array)).toBe(array)
    expect(parseJson(7)).toBe(7)
    expect(parseJson(true)).toBe(true)
    expect(parseJson(false)).toBe(false)
    expect(parseJson(0)).toBe(0)
  })

  it('turns undefined and null into null', () => {
    expect(parseJson(undefined)).toBeNull()
    expect(parseJson(null)).toBeNull()
  })
})

/** A stand-in for a model instance: the getter only calls getDataValue. */
function readThrough(column: ReturnType<typeof jsonColumn>, stored: unknown, name = 'settings'): unknown {
  const instance = {
    getDataValue: (key: string) => {
      expect(key).toBe(name)
      return stored
    },
  } as unknown as Model
  const get = column.get as (this: Model) => unknown
  return get.call(instance)
}

describe('jsonColumn', () => {
  it('declares a JSON attribute that allows null by default', () => {
    const column = jsonColumn('settings')
    expect(column.type).toBe(DataTypes.JSON)
    expect(column.allowNull).toBe(true)
    expect(column).not.toHaveProperty('defaultValue')
  })

  it('honours allowNull: false', () => {
    expect(jsonColumn('settings', { allowNull: false }).allowNull).toBe(false)
  })

  it('uses the defaults function as the default value', () => {
    const defaults = () => ({ a: 1 })
    expect(jsonColumn('settings', { defaults }).defaultValue).toBe(defaults)
  })

  describe('getter without defaults', () => {
    const column = jsonColumn('settings')

    it('parses a stored string', () => {
      expect(readThrough(column, '{"theme":"dark"}')).toEqual({ theme: 'dark' })
    })

    it('returns a stored object as it is', () => {
      expect(readThrough(column, { theme: 'dark' })).toEqual({ theme: 'dark' })
    })

    it('reads null for a missing, null or unreadable value', () => {
      expect(readThrough(column, null)).toBeNull()
      expect(readThrough(column, undefined)).toBeNull()
      expect(readThrough(column, '{broken')).toBeNull()
    })
  })

  describe('getter with defaults', () => {
    const defaults = () => ({ hub: false, groups: true, members: false })
    const column = jsonColumn('settings', { defaults })

    it('lays a stored object over the defaults, so new settings read their default', () => {
      expect(readThrough(column, { hub: true })).toEqual({ hub: true, groups: true, members: false })
    })

    it('does the same for a stored string', () => {
      expect(readThrough(column, '{"members":true}')).toEqual({ hub: false, groups: true, members: true })
    })

    it('keeps stored keys the defaults do not know', () => {
      expect(readThrough(column, { extra: 1 })).toEqual({ hub: false, groups: true, members: false, extra: 1 })
    })

    it('lets a stored false or null win over a default', () => {
      expect(readThrough(column, { groups: false })).toMatchObject({ groups: false })
      expect(readThrough(column, { groups: null })).toMatchObject({ groups: null })
    })

    it('reads the defaults when nothing readable is stored', () => {
      expect(readThrough(column, null)).toEqual(defaults())
      expect(readThrough(column, undefined)).toEqual(defaults())
      expect(readThrough(column, 'not json')).toEqual(defaults())
    })

    it('returns a fresh object each time, so callers cannot change the defaults', () => {
      const first = readThrough(column, null) as Record<string, unknown>
      first.hub = true
      expect(readThrough(column, null)).toEqual(defaults())
    })

    it('does not merge a stored array into object defaults', () => {
      expect(readThrough(column, [1, 2])).toEqual([1, 2])
    })

    it('merges nothing when the defaults are not an object', () => {
      const list = jsonColumn('tags', { defaults: () => ['a'] })
      expect(readThrough(list, ['b'], 'tags')).toEqual(['b'])
      expect(readThrough(list, null, 'tags')).toEqual(['a'])
    })
  })
})
