/// <reference types="node" />
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import purgeCSSPlugin from '@fullhuman/postcss-purgecss';
import react from '@vitejs/plugin-react';
import type { Plugin as PostcssPlugin } from 'postcss';
import { createServer, defineConfig, type Manifest, type Plugin } from 'vite';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/** The guest pages drawn into the page at build time, so they show before any script has run. */
const prerenderedRoutes = ['/', '/login'];

/** The lazy modules each first page needs, asked for with the entry instead of after it has run. */
const routeModules: Record<string, { modules: string[]; signedIn: boolean }> = {
  '/': { modules: ['src/features/landing/LandingPage.tsx'], signedIn: false },
  '/login': { modules: ['src/features/auth/pages/LoginPage.tsx'], signedIn: false },
  '/dashboard': { modules: ['src/app/DataLayout.tsx', 'src/features/dashboard/pages/DashboardPage.tsx'], signedIn: true },
};

/** The files a manifest entry loads statically (itself included), minus those index.html already loads. */
function chunkFiles(manifest: Manifest, keys: string[], skip: Set<string>): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || skip.has(chunk.file) || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) if (!skip.has(css)) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files].map((file) => `/${file}`);
}

/**
 * Renders the guest pages with react-dom's prerender (src/prerender.tsx, through Vite's SSR
 * loader) into templates in index.html, followed by one small script (the CSP allows no inline
 * script) with each first page's chunks. For a guest on a prerendered path the script puts that
 * page's markup into #root before the first paint, which the app then hydrates; every other path and every signed-in
 * visitor gets the empty root as before. It also asks at once for the route's lazy chunks.
 */
async function prerender(root: string, outDir: string) {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    plugins: [react()],
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  let markup: Record<string, string>;
  let tokenKey: string;
  try {
    const { render, tokenStorageKey } = (await server.ssrLoadModule('/src/prerender.tsx')) as {
      render: (url: string) => Promise<string>;
      tokenStorageKey: string;
    };
    tokenKey = tokenStorageKey;
    markup = Object.fromEntries(await Promise.all(prerenderedRoutes.map(async (route) => [route, await render(route)])));
  } finally {
    await server.close();
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const inIndex = new Set(entry ? chunkFiles(manifest, [entry], new Set()).map((file) => file.slice(1)) : []);
  const preloads = Object.fromEntries(
    Object.entries(routeModules).map(([route, { modules, signedIn }]) => [
      route,
      { files: chunkFiles(manifest, modules, inIndex), signedIn },
    ]),
  );
  // The markup travels in the page as inert templates and the chunk lists as a JSON data block
  // (neither runs); the script picks what this path needs.
  const templates = Object.entries(markup)
    .map(([route, html]) => `<template data-prerendered="${route}">${html}</template>`)
    .join('');
  const data = `<script type="application/json" id="first-page-chunks">${JSON.stringify(preloads).replace(/</g, '\\u003c')}</script>`;
  const script = `(function () {
  var path = location.pathname, signedIn = false, root = document.getElementById('root');
  try { signedIn = Boolean(localStorage.getItem(${JSON.stringify(tokenKey)})); } catch (e) {}
  var page = document.querySelector('template[data-prerendered="' + path + '"]');
  if (!signedIn && page && root && !root.firstChild) {
    root.appendChild(page.content);
    // Until React has taken the form over, a submit waits for it instead of reloading the page, and
    // what is typed meanwhile is kept and handed to React as the input events it missed.
    var typed = new Map();
    var pending = null;
    var setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    var hydrated = function (node) {
      return Object.keys(node).some(function (key) { return key.indexOf('__reactProps$') === 0; });
    };
    var handOver = function () {
      var kept = Array.from(typed);
      typed.clear();
      kept.forEach(function (entry) {
        var input = entry[0];
        if (!input.isConnected) return;
        input.value = '';
        setValue.call(input, entry[1]);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    };
    root.addEventListener('input', function (event) {
      var input = event.target;
      if (!(input instanceof HTMLInputElement)) return;
      // Typed after React took over: React has it, and it replaces what was kept.
      if (hydrated(input)) typed.delete(input);
      else typed.set(input, input.value);
    }, true);
    root.addEventListener('submit', function (event) {
      var form = event.target;
      if (hydrated(form) && typed.size === 0) return;
      event.preventDefault();
      if (hydrated(form)) {
        handOver();
        setTimeout(function () { form.requestSubmit(); }, 0);
      } else pending = form;
    }, true);
    var waiting = setInterval(function () {
      var form = root.querySelector('form');
      if (form && !hydrated(form)) return;
      clearInterval(waiting);
      handOver();
      if (pending && pending.isConnected) setTimeout(function () { pending.requestSubmit(); }, 0);
    }, 50);
  }
  var route = JSON.parse(document.getElementById('first-page-chunks').textContent)[path];
  if (route && route.signedIn === signedIn) route.files.forEach(function (file) {
    var link = document.createElement('link'), css = /\\.css$/.test(file);
    link.rel = css ? 'preload' : 'modulepreload';
    if (css) link.as = 'style';
    link.crossOrigin = '';
    link.href = file;
    document.head.appendChild(link);
  });
})();
`;
  const name = `assets/first-page-${crypto.createHash('sha256').update(script).digest('base64url').slice(0, 8)}.js`;
  fs.writeFileSync(path.join(outDir, name), script);
  const indexFile = path.join(outDir, 'index.html');
  const html = fs.readFileSync(indexFile, 'utf8');
  if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to prerender into');
  fs.writeFileSync(
    indexFile,
    html.replace('<div id="root"></div>', `<div id="root"></div>\n    ${templates}\n    ${data}\n    <script src="/${name}"></script>`),
  );
}

/**
 * Prerenders the guest pages (above), then writes a .gz and a .br beside every compressible file of the build (source maps aside), at the
 * highest levels, so the server sends them as they are instead of compressing on each request.
 */
function prerenderAndPrecompress(): Plugin {
  let root = '.';
  let outDir = 'dist';
  return {
    name: 'smm-prerender-precompress',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await prerender(root, outDir);
      const files = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((file) => compressible.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const content = fs.readFileSync(full);
          if (content.length < 1024) return;
          const [gz, br] = await Promise.all([
            gzip(content, { level: 9 }),
            brotli(content, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
            }),
          ]);
          fs.writeFileSync(`${full}.gz`, gz);
          fs.writeFileSync(`${full}.br`, br);
        }),
      );
    },
  };
}

/** The prefixes React-Bootstrap puts before a prop's value: variant="danger" becomes btn-danger, size="sm" modal-sm. */
const composedPrefixes = [
  'btn',
  'alert',
  'bg',
  'text-bg',
  'text',
  'border',
  'badge',
  'table',
  'spinner',
  'list-group',
  'toast',
  'modal',
  'nav',
  'form-control',
  'form-select',
  'form-check',
  'input-group',
  'pagination',
  'page',
  'accordion',
  'card',
  'gap',
  'rounded',
  'position',
];

/** Every word of a source file, and each with the prefixes above, so a prop's class is found too. */
const sourceClasses = (content: string) => {
  const words: string[] = content.match(/[\w-]+/g) ?? [];
  return words.concat(words.flatMap((word) => composedPrefixes.map((prefix) => `${prefix}-${word}`)));
};

/** The React-Bootstrap modules the app imports, with every module of the package they import in turn. */
function reactBootstrapFiles(): string[] {
  const esm = path.resolve(import.meta.dirname, '../../node_modules/react-bootstrap/esm');
  const sources = fs
    .readdirSync(path.resolve(import.meta.dirname, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file));
  const pending = sources.flatMap((file) =>
    [...fs.readFileSync(path.resolve(import.meta.dirname, 'src', file), 'utf8').matchAll(/from 'react-bootstrap\/(\w+)'/g)].map((m) =>
      path.join(esm, `${m[1]}.js`),
    ),
  );
  const found = new Set<string>();
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (found.has(file) || !fs.existsSync(file)) continue;
    found.add(file);
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/from '\.\/(\w+)(?:\.js)?'/g)) pending.push(path.join(esm, `${m[1]}.js`));
  }
  return [...found];
}

/**
 * Drops the Bootstrap rules no page uses. Classes are read from the app's source and from the
 * React-Bootstrap components it imports; what those components compose at runtime is found by
 * prefix (above) or kept by pattern (grid breakpoints, transitions, placements). The app's own
 * styles.css is left whole.
 */
function purgeBootstrap(): PostcssPlugin {
  const purge = purgeCSSPlugin({
    // Absolute, so a build started from another folder purges the same way.
    content: [
      path.resolve(import.meta.dirname, 'index.html'),
      path.resolve(import.meta.dirname, 'src/**/*.{ts,tsx}'),
      ...reactBootstrapFiles(),
    ],
    extractors: [{ extractor: sourceClasses, extensions: ['ts', 'tsx', 'js', 'html'] }],
    safelist: {
      standard: [
        /^(show|showing|fade|collapse|collapsing|active|disabled)$/,
        /^col(-(sm|md|lg|xl|xxl))?(-\d+|-auto)?$/,
        /^(row-cols|g|gx|gy)-/,
        /^invalid-feedback$/,
        // React-Bootstrap's Spinner composes its size class (spinner-border-sm) from the size prop.
        /^spinner-(border|grow)-sm$/,
      ],
      // Modal dialogs compose their classes from several props (modal-dialog-scrollable, -centered, -fullscreen-sm-down).
      greedy: [/^carousel(-|$)/, /^modal(-|$)/],
    },
    // Named in components the app imports but never used by it: validation styling of valid fields, floating labels, ranges.
    blocklist: [
      'was-validated',
      'is-valid',
      'valid-feedback',
      'valid-tooltip',
      'invalid-tooltip',
      'form-floating',
      'form-range',
      'form-control-color',
    ],
  }) as PostcssPlugin;
  return {
    postcssPlugin: 'smm-purge-bootstrap',
    OnceExit(root, helpers) {
      if (/[\\/]styles[\\/]bootstrap[\w-]*\.scss$/.test(root.source?.input.file ?? '')) return purge.OnceExit?.(root, helpers);
    },
  };
}

/**
 * React Router's package names its development build for every bundler; the production one is the same code
 * without the development warnings. The app's own bundle takes it; tests and the dev server keep the warnings.
 */
const productionRouter = {
  find: /^react-router$/,
  replacement: path.resolve(import.meta.dirname, '../../node_modules/react-router/dist/production/index.mjs'),
};

export default defineConfig(({ command }) => ({
  plugins: [react(), prerenderAndPrecompress()],
  resolve: { alias: command === 'build' ? [productionRouter] : [] },
  css: {
    postcss: { plugins: [purgeBootstrap()] },
    // Bootstrap 5.3's own SCSS still uses @import and the global colour functions.
    preprocessorOptions: { scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] } },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  // The manifest lets scripts/web-first-load.mjs follow what each route loads first.
  // Every browser the app supports preloads modules itself, so the preload polyfill stays out.
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React, the router and the few app modules every page shares travel in one file, not five small ones.
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|src[\\/]lib[\\/](api-client|use-document-title|browser-time-zone)\.ts|shared[\\/]src[\\/]constants\.ts/,
              priority: 10,
            },
            {
              // The small modules the login page draws with, in one file instead of eight of a few hundred
              // bytes each. Only these: what they import from the entry (the app state) stays there.
              name: 'sign-in',
              includeDependenciesRecursively: false,
              test: /src[\\/](lib[\\/]ui[\\/](TextField|FieldError)\.tsx|features[\\/](auth[\\/](api|save-browser-time-zone|components[\\/]LoginFields)|discord[\\/](api[\\/]discord-sign-in|components[\\/]DiscordSignInButton))\.tsx?)|shared[\\/]src[\\/]discord[\\/]sign-in\.ts/,
              priority: 5,
            },
          ],
        },
      },
    },
  },
}));
