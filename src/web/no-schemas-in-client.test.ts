import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

// The API's schemas (TypeBox) are the server's: the client validates nothing with them, and
// loading them cost its main chunk 45 kB and its save worker 43 kB. The client imports only
// their types, which compile away, and constants from modules that hold no schema.

const webDir = path.dirname(new URL(import.meta.url).pathname);
const IMPORT = /^import\s+(type\s+)?(?:([\w\s{},*]+?)\s+from\s+)?['"]([^'"]+)['"]/gm;

/** Whether an import leaves anything in the build: not when it names types only. */
function loadsModule(typeOnly: string | undefined, names: string | undefined): boolean {
  if (typeOnly) return false;
  if (names === undefined) return true; // `import './side-effect.js'`
  const braced = names.match(/\{([^}]*)\}/);
  if (!braced || names.replace(braced[0], '').replace(',', '').trim() !== '') return true;
  const specifiers = (braced[1] ?? '').split(',').map((name) => name.trim());
  return specifiers.some((name) => name !== '' && !name.startsWith('type '));
}

/** Every module the client's code loads, by path, following relative imports from `file`. */
function loadedFrom(file: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(file)) return seen;
  const packages: string[] = [];
  seen.set(file, packages);
  const source = fs.readFileSync(file, 'utf8');
  for (const [, typeOnly, names, specifier] of source.matchAll(IMPORT)) {
    if (!specifier || !loadsModule(typeOnly, names)) continue;
    if (!specifier.startsWith('.')) {
      packages.push(specifier);
      continue;
    }
    const target = path.resolve(path.dirname(file), specifier).replace(/\.js$/, '');
    const resolved = ['.ts', '.tsx'].map((ext) => target + ext).find((f) => fs.existsSync(f));
    if (resolved) loadedFrom(resolved, seen);
  }
  return seen;
}

it('never loads TypeBox, from the client or the shared modules it uses', () => {
  const sources = fs
    .readdirSync(webDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
  const loaded = new Map<string, string[]>();
  for (const file of sources) loadedFrom(path.join(webDir, file), loaded);
  const withSchemas = [...loaded]
    .filter(([, packages]) => packages.some((name) => name.startsWith('@sinclair/typebox')))
    .map(([file]) => path.relative(webDir, file));
  expect(loaded.size).toBeGreaterThan(50); // the walk did find the client
  expect(withSchemas).toEqual([]);
});
