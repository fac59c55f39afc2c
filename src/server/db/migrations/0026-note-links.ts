import type { Kysely } from 'kysely';

// Links between notes (docs/links.md): each note's `[[links]]`, as the keys of the names they
// name, and each note's own names (its title and front-matter aliases) as keys. Which note a
// link leads to is worked out when it is read, so a title change rewrites no other note's rows.
// Notes in the trash have no rows. The notes stored now are read here, a batch at a time, by a
// copy of how Quire reads links and names as this migration is written; `quire reindex` reads
// them again with whatever Quire does later.

const NOTES_PER_BATCH = 100;
const ROWS_PER_INSERT = 300;

const BLANK = /^\s*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const INDENTED = /^(?: {4}|\t)/;
const LIST_ITEM = /^ {0,3}(?:[-+*]|\d{1,9}[.)])(?:\s|$)/;

/** A name as links compare it: spaces as one, case and Latin, Greek, Cyrillic accents folded. */
function linkKey(name: string): string {
  const spaced = name.trim().replace(/\s+/g, ' ');
  if (/^[\x20-\x7e]*$/.test(spaced)) return spaced.toLowerCase();
  return spaced
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase();
}

/** The target of a `[[…]]` that starts at `at`, and where it ends; undefined if none. */
function linkAt(text: string, at: number, end: number): { target: string; to: number } | undefined {
  let close = at + 2;
  while (close < end) {
    const char = text.charCodeAt(close);
    if (char === 0x5b || char === 0x5d || char === 0x60 || char === 0x0a || char === 0x0d) break;
    close += 1;
  }
  if (text.charCodeAt(close) !== 0x5d || text.charCodeAt(close + 1) !== 0x5d) return undefined;
  const inside = text.slice(at + 2, close);
  const bar = inside.indexOf('|');
  const written = (bar === -1 ? inside : inside.slice(0, bar)).trim();
  const hash = written.indexOf('#');
  const target = (hash === -1 ? written : written.slice(0, hash)).trim();
  return target === '' ? undefined : { target, to: close + 2 };
}

function closingRun(text: string, from: number, end: number, length: number): number {
  let at = text.indexOf('`', from);
  while (at !== -1 && at < end) {
    let run = at;
    while (run < end && text.charCodeAt(run) === 0x60) run += 1;
    if (run - at === length) return at;
    at = text.indexOf('`', run);
  }
  return -1;
}

/** The targets of the links in one line, outside inline code. */
function targetsInLine(text: string, into: string[]): void {
  const end = text.length;
  const unclosed = new Set<number>();
  let at = 0;
  while (at < end) {
    const char = text.charCodeAt(at);
    if (char === 0x60) {
      let run = at;
      while (run < end && text.charCodeAt(run) === 0x60) run += 1;
      const length = run - at;
      const closing = unclosed.has(length) ? -1 : closingRun(text, run, end, length);
      if (closing === -1) unclosed.add(length);
      at = closing === -1 ? run : closing + length;
    } else if (
      char === 0x5b &&
      text.charCodeAt(at + 1) === 0x5b &&
      text.charCodeAt(at - 1) !== 0x5c
    ) {
      const link = linkAt(text, at, end);
      if (link) into.push(link.target);
      at = link ? link.to : at + 1;
    } else at += 1;
  }
}

function openingFence(line: string): string | undefined {
  const [, fence, info = ''] = FENCE.exec(line) ?? [];
  if (!fence || (fence.startsWith('`') && info.includes('`'))) return undefined;
  return fence;
}

function closesFence(line: string, fence: string): boolean {
  const [, closing, rest = ''] = FENCE.exec(line) ?? [];
  return (
    closing !== undefined &&
    closing[0] === fence[0] &&
    closing.length >= fence.length &&
    BLANK.test(rest)
  );
}

/** The targets of a body's links outside code spans and code blocks. */
function linkTargets(text: string): string[] {
  if (!text.includes('[[')) return [];
  const targets: string[] = [];
  let fence: string | null = null;
  let previousBlank = true;
  let inCodeBlock = false;
  let inList = false;
  for (const line of text.split(/\r\n|\r|\n/)) {
    const blank = BLANK.test(line);
    if (fence !== null) {
      if (closesFence(line, fence)) fence = null;
    } else {
      const opening = openingFence(line);
      const indented = !blank && INDENTED.test(line) && !inList && (previousBlank || inCodeBlock);
      if (opening) {
        fence = opening;
        inCodeBlock = false;
      } else if (indented) {
        inCodeBlock = true;
      } else if (!blank) {
        inCodeBlock = false;
        if (LIST_ITEM.test(line)) inList = true;
        else if (!INDENTED.test(line) && previousBlank) inList = false;
        targetsInLine(line, targets);
      }
    }
    previousBlank = blank;
  }
  return targets;
}

/**
 * The title: the first non-blank line after any front matter, at most 100 code points, without
 * a heading's `#`s.
 */
function linkTitle(body: string): string | undefined {
  const front = body.startsWith('---') ? FRONT_MATTER.exec(body) : null;
  const text = front ? body.slice(front[0].length) : body;
  const first = text.split(/\r\n|\r|\n/).find((line) => /\S/.test(line));
  if (first === undefined) return undefined;
  const title = Array.from(first).slice(0, 100).join('');
  return title.replace(/^\s{0,3}#{1,6}(?:\s+|$)/, '').trim() || undefined;
}

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;
const ALIASES_KEY = /^aliases[ \t]*:[ \t]*(.*)$/;
const INLINE_ITEM = /\s*"[^"]*"\s*|\s*'[^']*'\s*|[^,]+/g;

function unquote(value: string): string {
  const text = value.trim();
  const quoted = /^(["'])(.*)\1$/.exec(text);
  return (quoted ? (quoted[2] ?? '') : text).trim();
}

/** The front matter's `aliases:`, inline, single or as a block list. */
function noteAliases(body: string): string[] {
  if (!body.startsWith('---')) return [];
  const front = FRONT_MATTER.exec(body)?.[1];
  if (front === undefined) return [];
  const lines = front.split(/\r?\n/);
  const index = lines.findIndex((line) => ALIASES_KEY.test(line));
  if (index === -1) return [];
  const value = (ALIASES_KEY.exec(lines[index] ?? '')?.[1] ?? '').trim();
  let names: string[];
  if (value.startsWith('[')) {
    const items = value.replace(/^\[|\]$/g, '').matchAll(INLINE_ITEM);
    names = Array.from(items, (item) => unquote(item[0]));
  } else if (value !== '') {
    names = [unquote(value)];
  } else {
    names = [];
    for (const line of lines.slice(index + 1)) {
      const item = /^\s*-\s+(.*)$/.exec(line);
      if (!item) break;
      names.push(unquote(item[1] ?? ''));
    }
  }
  return names.filter((name) => name !== '');
}

const keysOf = (names: string[]) => [...new Set(names.map(linkKey))];

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
async function insertRows(db: Kysely<any>, table: string, rows: Record<string, string>[]) {
  for (let at = 0; at < rows.length; at += ROWS_PER_INSERT) {
    await db
      .insertInto(table)
      .values(rows.slice(at, at + ROWS_PER_INSERT))
      .execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
async function fill(db: Kysely<any>): Promise<void> {
  let after = '';
  for (;;) {
    const notes: { id: string; user_id: string; body: string }[] = await db
      .selectFrom('notes')
      .select(['id', 'user_id', 'body'])
      .where('time_deleted', 'is', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(NOTES_PER_BATCH)
      .execute();
    if (notes.length === 0) return;
    const links = notes.flatMap((note) =>
      keysOf(linkTargets(note.body)).map((key) => ({
        user_id: note.user_id,
        note_id: note.id,
        target_key: key,
      })),
    );
    const names = notes.flatMap((note) => {
      const title = linkTitle(note.body);
      const aliases = noteAliases(note.body);
      return keysOf(title === undefined ? aliases : [title, ...aliases]).map((key) => ({
        user_id: note.user_id,
        note_id: note.id,
        name_key: key,
      }));
    });
    // SQLite runs migrations outside a transaction: each batch is one of its own.
    // biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
    const store = async (trx: Kysely<any>) => {
      await insertRows(trx, 'note_links', links);
      await insertRows(trx, 'note_link_names', names);
    };
    await (db.isTransaction ? store(db) : db.transaction().execute(store));
    after = notes[notes.length - 1]?.id ?? after;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('note_links')
    .addColumn('note_id', 'text', (col) => col.notNull().references('notes.id').onDelete('cascade'))
    .addColumn('target_key', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('note_links_pk', ['note_id', 'target_key'])
    .execute();
  await db.schema
    .createIndex('note_links_target')
    .on('note_links')
    .columns(['user_id', 'target_key', 'note_id'])
    .execute();
  await db.schema
    .createTable('note_link_names')
    .addColumn('note_id', 'text', (col) => col.notNull().references('notes.id').onDelete('cascade'))
    .addColumn('name_key', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('note_link_names_pk', ['note_id', 'name_key'])
    .execute();
  await db.schema
    .createIndex('note_link_names_key')
    .on('note_link_names')
    .columns(['user_id', 'name_key', 'note_id'])
    .execute();
  await fill(db);
}

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('note_link_names').execute();
  await db.schema.dropTable('note_links').execute();
}
