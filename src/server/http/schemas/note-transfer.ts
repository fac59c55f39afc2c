import { Type } from '@sinclair/typebox';

/** An `ImportFailure` (src/shared/note-transfer.ts). */
export const ImportFailure = Type.Object({ name: Type.String(), error: Type.String() });

/** An `ImportChange` (src/shared/note-transfer.ts). */
export const ImportChange = Type.Object({
  name: Type.String(),
  changes: Type.Array(Type.String()),
});

/** An `ImportSummary` (src/shared/note-transfer.ts): what one import did. */
export const ImportSummary = Type.Object({
  imported: Type.Integer({ minimum: 0 }),
  skipped: Type.Integer({ minimum: 0 }),
  failed: Type.Array(ImportFailure),
  changed: Type.Optional(Type.Array(ImportChange)),
});
