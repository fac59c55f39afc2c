import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

// A shipped migration must keep doing what it did: it may lean on nothing that can change
// later, and nothing but the migrator may lean on it.
const here = path.join('src', 'server', 'db', 'migrations');

const importsOf = (file: string) =>
  [...fs.readFileSync(file, 'utf8').matchAll(/^import (?:[^;]*? from )?'([^']+)';/gms)].map(
    (match) => match[1],
  );

const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });

it('lets each migration import only kysely and the dialect helper', () => {
  const migrations = fs.readdirSync(here).filter((name) => /^\d{4}-.*(?<!\.test)\.ts$/.test(name));
  expect(migrations.length).toBeGreaterThan(0);
  for (const name of migrations) {
    const outside = importsOf(path.join(here, name)).filter(
      (from) => from !== 'kysely' && from !== './dialect.js',
    );
    expect({ name, outside }).toEqual({ name, outside: [] });
  }
});

it('lets nothing but the migrator import a migration', () => {
  const importers = sources('src')
    .filter((file) => !file.startsWith(here) && file !== path.join('src/server/db/migrate.ts'))
    .filter((file) => importsOf(file).some((from) => from?.includes('/migrations/')));
  expect(importers).toEqual([]);
});
