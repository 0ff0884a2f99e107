// Bundles the server into dist/main.js; npm dependencies stay external, workspace sources are inlined.
import { readFileSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@smm/'));

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});

// esbuild escapes non-ASCII characters in code but keeps comments as written. One such character
// anywhere makes V8 hold the whole source (about 1 MB, kept for lazy compilation) at two bytes a
// character instead of one; escaping those in comments keeps it at one.
const outfile = new URL('./dist/main.js', import.meta.url);
const output = readFileSync(outfile, 'utf8');
const ascii = output.replace(/[\u0080-\u{10ffff}]/gu, (char) => `\\u{${char.codePointAt(0).toString(16)}}`);
if (ascii !== output) writeFileSync(outfile, ascii);
