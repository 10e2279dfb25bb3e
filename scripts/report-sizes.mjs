// After `vite build`: prints the size of every chunk, checks the landing page's budgets
// (initial JS ≤ 120 KB gzipped, CSS ≤ 20 KB gzipped; exit 1 when exceeded) and writes
// .gz and .br copies of text assets so the server sends them pre-compressed.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const BUDGET_JS_GZIP = 120 * 1024;
export const BUDGET_CSS_GZIP = 20 * 1024;
const CLIENT_DIR = 'dist/client';

const gzipSize = (file) => gzipSync(readFileSync(join(CLIENT_DIR, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** A chunk of the Vite manifest and every chunk it imports statically: the files it loads with it. */
export function chunkWithImports(manifest, chunk) {
  const js = new Set();
  const css = new Set();
  const visit = (current) => {
    if (js.has(current.file)) return;
    js.add(current.file);
    for (const file of current.css ?? []) css.add(file);
    for (const key of current.imports ?? []) visit(manifest[key]);
  };
  visit(chunk);
  return { js: [...js], css: [...css] };
}

/** The files the browser loads for the landing page before any lazy route. */
export function landingPageFiles(manifest) {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('No entry chunk in the Vite manifest');
  return chunkWithImports(manifest, entry);
}

function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) precompress(path);
    else if (/\.(js|css|html|svg|json|txt|webmanifest)$/.test(entry.name)) {
      const content = readFileSync(path);
      if (content.length < 512) continue;
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const manifest = JSON.parse(readFileSync(join(CLIENT_DIR, '.vite/manifest.json'), 'utf8'));
  const landing = landingPageFiles(manifest);
  const rows = [...new Set(Object.values(manifest).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]))]
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => ({ file, gzip: gzipSize(file), landing: landing.js.includes(file) || landing.css.includes(file) }))
    .sort((a, b) => b.gzip - a.gzip);

  console.log('\nClient chunks (gzipped; * = loaded by the landing page):');
  for (const row of rows) console.log(`  ${row.landing ? '*' : ' '} ${kb(row.gzip).padStart(9)}  ${row.file}`);

  const jsTotal = landing.js.reduce((sum, file) => sum + gzipSize(file), 0);
  const cssTotal = landing.css.reduce((sum, file) => sum + gzipSize(file), 0);
  console.log(`\nLanding page: JS ${kb(jsTotal)} of ${kb(BUDGET_JS_GZIP)} budget, CSS ${kb(cssTotal)} of ${kb(BUDGET_CSS_GZIP)} budget`);

  precompress(CLIENT_DIR);

  const over = [];
  if (jsTotal > BUDGET_JS_GZIP) over.push(`JS ${kb(jsTotal)} > ${kb(BUDGET_JS_GZIP)}`);
  if (cssTotal > BUDGET_CSS_GZIP) over.push(`CSS ${kb(cssTotal)} > ${kb(BUDGET_CSS_GZIP)}`);
  if (over.length > 0) {
    console.error(`\nBundle budget exceeded: ${over.join(', ')}`);
    process.exit(1);
  }
}
