#!/usr/bin/env node
/**
 * What each route of the web app loads before it first renders: the entry chunk (and the classic
 * scripts index.html runs), the route's lazy layouts and page, and every chunk they import statically, with the CSS those chunks bring.
 * Reads the build's manifest (apps/web/dist/.vite/manifest.json) and the routes in
 * apps/web/src/app/routes.tsx; prints a table of gzip sizes and writes apps/web/dist/first-load.json.
 *
 *   node scripts/web-first-load.mjs            (after the web build; the build also runs it)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web');

/**
 * The modules of each lazy page by the name routes.tsx gives it: `const Page = lazyPage(() => import('../features/x/Page'))`,
 * and the API-reading pages of app/data-pages.ts (`name: lazyPage(() => import(...))`, or `styledPage`,
 * which also loads the module `pageStyles` imports) as `DataPage:name`, for `<DataPage name="name" />`.
 */
function lazyModules(source, routesFile) {
  const modules = new Map();
  const resolve = (file, from) => path.relative(webRoot, path.resolve(path.dirname(from), file));
  const add = (name, files, from) =>
    modules.set(
      name,
      files.map((file) => resolve(file, from)),
    );
  for (const match of source.matchAll(/const (\w+) = lazyPage\(\(\) => import\('([^']+)'\)\)/g)) add(match[1], [match[2]], routesFile);
  const dataPagesFile = path.join(path.dirname(routesFile), 'data-pages.ts');
  if (fs.existsSync(dataPagesFile)) {
    const dataPages = fs.readFileSync(dataPagesFile, 'utf8');
    // styledPage: the page and, fetched beside it, the module pageStyles imports.
    const pageStyles = dataPages.match(/const pageStyles = \(\) => import\('([^']+)'\)/)?.[1];
    for (const match of dataPages.matchAll(/(\w+): (lazyPage|styledPage)\(\(\) => import\('([^']+)'\)\)/g)) {
      if (match[2] === 'styledPage' && !pageStyles) throw new Error(`${dataPagesFile}: styledPage without pageStyles`);
      add(`DataPage:${match[1]}`, match[2] === 'styledPage' ? [match[3], pageStyles] : [match[3]], dataPagesFile);
    }
  }
  return modules;
}

/** The <Route> tags in order: their attribute text, or null for a closing tag; JSX in braces may hold '>'. */
function* routeTags(source) {
  const pattern = /<Route\b|<\/Route>/g;
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    if (match[0] === '</Route>') {
      yield null;
      continue;
    }
    let depth = 0;
    let end = match.index + match[0].length;
    for (; end < source.length; end += 1) {
      const char = source[end];
      if (char === '{') depth += 1;
      else if (char === '}') depth -= 1;
      else if (char === '>' && depth === 0) break;
    }
    const attributes = source.slice(match.index + match[0].length, end);
    yield { attributes, selfClosing: attributes.trimEnd().endsWith('/') };
    pattern.lastIndex = end + 1;
  }
}

/** Every <Route> with a path, with the lazy modules of its element and of the layouts around it. */
export function routeModules(routesFile = path.join(webRoot, 'src/app/routes.tsx')) {
  const source = fs.readFileSync(routesFile, 'utf8');
  const lazy = lazyModules(source, routesFile);
  const routes = [];
  const stack = [];
  for (const tag of routeTags(source)) {
    if (!tag) {
      stack.pop();
      continue;
    }
    const ownPath = tag.attributes.match(/\bpath="([^"]*)"/)?.[1];
    const used = [...tag.attributes.matchAll(/<(\w+)(?: name="(\w+)")?/g)].flatMap(
      (m) => lazy.get(m[1] === 'DataPage' ? `DataPage:${m[2]}` : m[1]) ?? [],
    );
    const parentPath = stack.at(-1)?.path ?? '';
    const fullPath = ownPath === undefined ? parentPath : ownPath.startsWith('/') ? ownPath : `${parentPath.replace(/\/$/, '')}/${ownPath}`;
    const modules = [...(stack.at(-1)?.modules ?? []), ...used];
    if (ownPath !== undefined) routes.push({ route: fullPath, modules });
    if (!tag.selfClosing) stack.push({ path: fullPath, modules });
  }
  return routes;
}

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** Sizes per route from a built dist folder. */
export function firstLoad(distDir = path.join(webRoot, 'dist')) {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSize(path.join(distDir, file)));
    return sizes.get(file);
  };
  const collect = (key, js, css) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file) || css.has(chunk.file)) return;
    // A module that only imports stylesheets is a stylesheet in the manifest.
    (chunk.file.endsWith('.css') ? css : js).add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) collect(imported, js, css);
  };
  // Classic scripts index.html runs besides the entry (the first-page script the build writes).
  const indexScripts = [...fs.readFileSync(path.join(distDir, 'index.html'), 'utf8').matchAll(/<script src="\/([^"]+)"/g)].map((m) => m[1]);
  return routeModules().map(({ route, modules }) => {
    const js = new Set(indexScripts);
    const css = new Set();
    collect(entryKey, js, css);
    for (const module of modules) {
      const key = ['', '.tsx', '.ts', '.jsx', '.js'].map((ext) => module + ext).find((candidate) => manifest[candidate]);
      if (!key) throw new Error(`${module} (route ${route}) is not in the build manifest`);
      collect(key, js, css);
    }
    const kb = (files) => Math.round(([...files].reduce((sum, file) => sum + sizeOf(file), 0) / 1024) * 10) / 10;
    return { route, jsGzipKB: kb(js), cssGzipKB: kb(css), files: [...js, ...css] };
  });
}

export function writeFirstLoad(distDir = path.join(webRoot, 'dist'), log = console.log) {
  const routes = firstLoad(distDir);
  fs.writeFileSync(
    path.join(distDir, 'first-load.json'),
    `${JSON.stringify({ generatedAt: new Date().toISOString(), routes }, null, 2)}\n`,
  );
  const width = Math.max(...routes.map((r) => r.route.length), 5);
  log(`\nFirst load per route (gzip)\n${'route'.padEnd(width)}  JS KB   CSS KB`);
  for (const r of routes) log(`${r.route.padEnd(width)}  ${String(r.jsGzipKB).padStart(5)}  ${String(r.cssGzipKB).padStart(6)}`);
  return routes;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) writeFirstLoad();
