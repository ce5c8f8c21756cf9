// Counts the rows of a mariadb-dump (or mysqldump) as it streams by, for the manifest. The counts
// must be those of the dump itself: counting with another connection would read another moment of
// a running install, and restore would then find the loaded database "wrong". The dump's single
// transaction is the only consistent view there is, so its own text is read.
import { Transform, type TransformCallback } from 'node:stream'

const CREATE = Buffer.from('CREATE TABLE `')
const INSERT = Buffer.from('INSERT INTO `')
const NEWLINE = 0x0a
const BACKTICK = 0x60
const QUOTE = 0x27
const BACKSLASH = 0x5c
const OPEN = 0x28
const CLOSE = 0x29
const SEMICOLON = 0x3b

/**
 * A pass-through that reads, from statements at the start of a line, the tables the dump creates
 * (`CREATE TABLE \`name\``) and the rows each `INSERT INTO \`name\` VALUES (…),(…);` adds: one per
 * parenthesis opened outside a string at the top level. Strings are single-quoted with backslash
 * escapes (a doubled quote reads as two strings, which counts the same); rows may sit on one line or
 * one a line, as mariadb-dump 10.11 writes them. Table names are taken to hold no backtick (Hearth's
 * do not).
 */
export class DumpRowCounter extends Transform {
  /** Each created table's rows so far, in the dump's order. */
  readonly rows = new Map<string, number>()
  private mode: 'line' | 'name' | 'values' | 'skip' = 'line'
  private keyword: Buffer | null = null
  private matched = 0
  private name: number[] = []
  private table = ''
  private depth = 0
  private quoted = false
  private escaped = false

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    for (let index = 0; index < chunk.length; index++) {
      if (this.mode === 'skip') {
        // Most of a dump is skipped: jump to the next line rather than step through it.
        const end = chunk.indexOf(NEWLINE, index)
        if (end < 0) break
        index = end
        this.startLine()
      } else this.step(chunk[index]!)
    }
    done(null, chunk)
  }

  private startLine() {
    this.mode = 'line'
    this.matched = 0
  }

  private step(byte: number) {
    if (this.mode === 'line') return this.stepKeyword(byte)
    if (this.mode === 'name') return this.stepName(byte)
    return this.stepValues(byte)
  }

  private stepKeyword(byte: number) {
    if (this.matched === 0) this.keyword = byte === CREATE[0] ? CREATE : byte === INSERT[0] ? INSERT : null
    if (!this.keyword || this.keyword[this.matched] !== byte) {
      if (byte === NEWLINE) this.startLine()
      else this.mode = 'skip'
      return
    }
    this.matched += 1
    if (this.matched === this.keyword.length) {
      this.mode = 'name'
      this.name = []
    }
  }

  private stepName(byte: number) {
    if (byte !== BACKTICK) {
      this.name.push(byte)
      return
    }
    this.table = Buffer.from(this.name).toString('utf8')
    if (this.keyword === CREATE) {
      this.rows.set(this.table, this.rows.get(this.table) ?? 0)
      this.mode = 'skip'
      return
    }
    this.mode = 'values'
    this.depth = 0
    this.quoted = false
    this.escaped = false
  }

  private stepValues(byte: number) {
    if (this.quoted) {
      if (this.escaped) this.escaped = false
      else if (byte === BACKSLASH) this.escaped = true
      else if (byte === QUOTE) this.quoted = false
      return
    }
    if (byte === QUOTE) this.quoted = true
    else if (byte === OPEN) {
      if (this.depth === 0) this.rows.set(this.table, (this.rows.get(this.table) ?? 0) + 1)
      this.depth += 1
    } else if (byte === CLOSE) this.depth -= 1
    else if (byte === SEMICOLON && this.depth === 0) this.mode = 'skip'
  }
}
