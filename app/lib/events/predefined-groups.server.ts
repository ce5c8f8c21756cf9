// Predefined breakout groups kept on the event (events.predefinedGroups, a JSON string[][]): saved
// whole from a file or a pasted text when every row is right, or cleared. Nothing is written on
// any problem (the page says which row is wrong).
import type { Room } from '#models/index'
import { eventRowToSave } from './events.server'
import { readGroups, type GroupsReading } from './predefined-groups'

export type GroupsSaved =
  | { ok: true; count: number }
  | Extract<GroupsReading, { ok: false }>
  | { ok: false; fileProblem: 'eventMembers:groups.errors.notCsv'; problems: [] }

/** The uploaded file (checked by its content: UTF-8 text) wins over the pasted text. */
export async function savePredefinedGroups(
  room: Pick<Room, 'id'>,
  input: { file: File | null; text: string },
): Promise<GroupsSaved> {
  let text = input.text
  if (input.file) {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(await input.file.arrayBuffer())
    } catch {
      return { ok: false, fileProblem: 'eventMembers:groups.errors.notCsv', problems: [] }
    }
  }
  const reading = readGroups(text)
  if (!reading.ok) return reading
  const event = await eventRowToSave(room)
  await event.update({ predefinedGroups: reading.groups })
  return { ok: true, count: reading.groups.length }
}

export async function clearPredefinedGroups(room: Pick<Room, 'id'>): Promise<void> {
  const event = await eventRowToSave(room)
  await event.update({ predefinedGroups: null })
}
