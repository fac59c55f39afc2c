import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

// What SQLite and PostgreSQL do differently lives in src/server/db/ and in each feature's halves,
// which src/server/storage/ alone picks between; the rest of the server asks the open database
// and never chooses by which database it is.
const SERVER = path.join('src', 'server');
const DB = path.join(SERVER, 'db');
const STORAGE = path.join(SERVER, 'storage');
const SHARED = path.join('src', 'shared');

const CHOICES = [
  /\bkind\s*[!=]==?\s*['"](?:sqlite|postgres)['"]/,
  /['"](?:sqlite|postgres)['"]\s*[!=]==?\s*[\w.]*\bkind\b/,
  /\bcase\s+['"](?:sqlite|postgres)['"]/,
  /\[\s*[\w.]*\bkind\s*\]/,
  /\bdatabase\.kind\s*(?:[!=]==?|\?)/,
  /instanceof\s+(?:Postgres|Sqlite)/,
  /\b(?:Postgres|Sqlite)Adapter\b/,
  /\bisPostgres\b/,
];

// A feature's halves are named for their database (search/sqlite-search.ts), as are the folders
// of the database's own sides (db/postgres/). A half may import its own database's side; no
// other file imports either, or it would be choosing.
const HALF = /^(sqlite|postgres)-/;
const IMPORTED_HALF = /from\s+['"][^'"]*\/(sqlite|postgres)[-/][^'"]*['"]/;

function sourceFiles(dir: string, skipped: string[] = []): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return skipped.includes(file) ? [] : sourceFiles(file, skipped);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

function choicesIn(text: string, file = 'any.ts'): RegExp[] {
  const choices = CHOICES.filter((choice) => choice.test(text));
  const imported = IMPORTED_HALF.exec(text)?.[1];
  if (imported && imported !== HALF.exec(path.basename(file))?.[1]) choices.push(IMPORTED_HALF);
  return choices;
}

it('lets only src/server/db/ and src/server/storage/ choose by the database', () => {
  const files = sourceFiles(SERVER, [DB, STORAGE]);
  expect(files.length).toBeGreaterThan(50);
  const found = files.flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        choicesIn(line, file).length > 0 ? [`${file}:${index + 1}: ${line.trim()}`] : [],
      ),
  );
  expect(found).toEqual([]);
});

// db/ opens, migrates and hands out the database: it may choose, so it must know no feature.
// (Its tests may reach further, to hold db/ against the features.)
const RELATIVE_IMPORT = /(?:\bfrom|\bimport\s*\()\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function outsideDb(file: string, text: string): string[] {
  return [...text.matchAll(RELATIVE_IMPORT)].flatMap(([, spec = '']) => {
    const target = path.join(path.dirname(file), spec);
    const inside = [DB, SHARED].some((dir) => target.startsWith(dir + path.sep));
    return inside ? [] : [`${file}: ${spec}`];
  });
}

it('keeps src/server/db/ from importing any feature', () => {
  const files = sourceFiles(DB);
  expect(files.length).toBeGreaterThan(20);
  const found = files.flatMap((file) => outsideDb(file, fs.readFileSync(file, 'utf8')));
  expect(found).toEqual([]);
});

it('recognizes an import from outside src/server/db/', () => {
  const file = path.join(DB, 'sqlite', 'open.ts');
  expect(
    outsideDb(file, "import { sqliteSearch } from '../../search/sqlite-search.js';"),
  ).not.toEqual([]);
  expect(outsideDb(file, "} from '../../storage/database.js';")).not.toEqual([]);
  expect(outsideDb(file, "const { x } = await import('../../notes/x.js');")).not.toEqual([]);
  expect(outsideDb(file, "import type { Db } from '../schema.js';")).toEqual([]);
  expect(
    outsideDb(file, "import { SingleFlight } from '../../../shared/single-flight.js';"),
  ).toEqual([]);
  expect(outsideDb(file, "import SQLite from 'better-sqlite3';")).toEqual([]);
});

it('recognizes each way of choosing by the database', () => {
  const choices = [
    "database.kind === 'sqlite'",
    "if (location.kind !== 'postgres') return;",
    "'postgres' === database.kind",
    "switch (kind) { case 'sqlite':",
    'const engine = engines[database.kind];',
    'const engine = database.kind ? a : b;',
    'db.getExecutor().adapter instanceof PostgresAdapter',
    "import { isPostgres } from './dialect.js';",
    "import { sqliteSearch } from '../db/sqlite/search.js';",
    "import { sqliteSearch } from './sqlite-search.js';",
    "} from '../db/postgres-text.js';",
  ];
  for (const line of choices) expect(choicesIn(line), line).not.toEqual([]);
  const postgresImport = "import { postgresSearch } from './postgres-search.js';";
  expect(choicesIn(postgresImport, 'search/sqlite-index-catch-up.ts')).not.toEqual([]);
  expect(choicesIn(postgresImport, 'search/postgres-index-catch-up.ts')).toEqual([]);
  expect(choicesIn("import SQLite from 'better-sqlite3';")).toEqual([]);
  expect(choicesIn("app.log.info({ database: config.database.kind }, 'listening')")).toEqual([]);
  expect(choicesIn("if (term.kind === 'words') return;")).toEqual([]);
});
