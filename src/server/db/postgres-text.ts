import {
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';

// PostgreSQL `text` cannot hold U+0000, which SQLite stores and Quire must round-trip exactly.
// On PostgreSQL every string is stored with NUL and the escape character U+0001 escaped:
//   U+0000 → U+0001 U+0001,   U+0001 → U+0001 U+0002,   anything else unchanged.
// The code is prefix-free and keeps code-point order, so equality and byte-wise (collate "C")
// ordering are the same as on the unescaped strings, and decoding is exact for every string.

const NUL = '\u0000';
const ESCAPE = '\u0001';

export function escapePostgresText(text: string): string {
  if (!text.includes(NUL) && !text.includes(ESCAPE)) return text;
  // The escape character first, so the escapes made for NUL are not escaped again.
  return text.replaceAll(ESCAPE, `${ESCAPE}\u0002`).replaceAll(NUL, `${ESCAPE}${ESCAPE}`);
}

export function unescapePostgresText(text: string): string {
  let at = text.indexOf(ESCAPE);
  if (at === -1) return text;
  let decoded = '';
  let from = 0;
  for (; at !== -1; at = text.indexOf(ESCAPE, from)) {
    const code = text[at + 1];
    // A stray escape character (not written by Quire) is kept as it is.
    const original = code === ESCAPE ? NUL : code === '\u0002' ? ESCAPE : undefined;
    decoded += text.slice(from, at) + (original ?? ESCAPE);
    from = original === undefined ? at + 1 : at + 2;
  }
  return decoded + text.slice(from);
}

const escapeValue = (value: unknown): unknown =>
  typeof value === 'string' ? escapePostgresText(value) : value;

/** Escapes every string a query sends, whether a parameter, a value list or an inlined value. */
class EscapeStrings extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    if (typeof node.value !== 'string') return node;
    return { ...node, value: escapePostgresText(node.value) };
  }

  protected override transformPrimitiveValueList(
    node: PrimitiveValueListNode,
  ): PrimitiveValueListNode {
    if (!node.values.some((value) => typeof value === 'string')) return node;
    return { ...node, values: node.values.map(escapeValue) };
  }
}

function unescapeRow(row: UnknownRow): UnknownRow {
  let decoded: UnknownRow | undefined;
  for (const key in row) {
    const value = row[key];
    if (typeof value !== 'string' || !value.includes(ESCAPE)) continue;
    decoded ??= { ...row };
    decoded[key] = unescapePostgresText(value);
  }
  return decoded ?? row;
}

/** The one place strings cross into and out of PostgreSQL: escaped on the way in, not out. */
export class PostgresTextPlugin implements KyselyPlugin {
  private readonly escaper = new EscapeStrings();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.escaper.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const { rows } = args.result;
    if (rows.length === 0) return args.result;
    return { ...args.result, rows: rows.map(unescapeRow) };
  }
}
