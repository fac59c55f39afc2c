import type { ListOrderKey } from '../../shared/list-order.js';
import type { Note, NoteId } from '../../shared/note.js';

// sortedNoteIds stays a plain array, since the list reads it by index; a move is one search and
// one block copy, both native and cheap even for a long list, never an element-wise
// rebuild.

/**
 * The ids with `id` first: an updated note moves to the front
 * (docs/interface.md#how-the-list-is-ordered).
 */
export function toFront(ids: readonly NoteId[], id: NoteId): readonly NoteId[] {
  if (ids[0] === id) return ids;
  const index = ids.indexOf(id);
  if (index === -1) return [id].concat(ids);
  const moved = ids.slice();
  moved.copyWithin(1, 0, index);
  moved[0] = id;
  return moved;
}

/** The ids without `id` (the same array when it is not there). */
export function withoutId(ids: readonly NoteId[], id: NoteId): readonly NoteId[] {
  const index = ids.indexOf(id);
  if (index === -1) return ids;
  const rest = ids.slice();
  rest.copyWithin(index, index + 1);
  rest.length -= 1;
  return rest;
}

/**
 * The ids with `id` put where the server's list order would have it: before the first note
 * modified no later than it (`modifiedAt` gives that time, or undefined when unknown).
 */
export function inModifiedOrder(
  ids: readonly NoteId[],
  id: NoteId,
  modified: number,
  modifiedAt: (other: NoteId) => number | undefined,
): readonly NoteId[] {
  const at = ids.findIndex((other) => (modifiedAt(other) ?? 0) <= modified);
  if (at === 0) return [id].concat(ids);
  if (at === -1) return ids.concat(id);
  return [...ids.slice(0, at), id, ...ids.slice(at)];
}

/**
 * A note's key for compareListOrder as this device knows it, listed at `position`: the device
 * has no change numbers, and the server lists the later change first, so the place stands in.
 */
export const listOrderKeyAt = (note: Note, position: number): ListOrderKey => ({
  timeLastModified: note.timeLastModified,
  changeSeq: -position,
  id: note.id,
});
