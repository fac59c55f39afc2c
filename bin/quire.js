#!/usr/bin/env node
// The installed `quire` command runs the compiled server; `npm run build` makes it.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../dist/server/main.js', import.meta.url));
if (!existsSync(main)) {
  process.stderr.write('quire: not built yet; run "npm run build" in the Quire directory first\n');
  process.exit(1);
}
await import(main);
