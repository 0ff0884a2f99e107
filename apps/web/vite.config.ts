/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import purgeCSSPlugin from '@fullhuman/postcss-purgecss';
import react from '@vitejs/plugin-react';
import type { Plugin as PostcssPlugin } from 'postcss';
import { defineConfig, type Plugin } from 'vite';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes a .gz and a .br beside every compressible file of the build (source maps aside), at the
 * highest levels, so the server sends them as they are instead of compressing on each request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'smm-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((file) => compressible.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const content = fs.readFileSync(full);
          if (content.length < 1024) return;
          const [gz, br] = await Promise.all([
            gzip(content, { level: 9 }),
            brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
          ]);
          fs.writeFileSync(`${full}.gz`, gz);
          fs.writeFileSync(`${full}.br`, br);
        }),
      );
    },
  };
}

/** The prefixes React-Bootstrap puts before a prop's value: variant="danger" becomes btn-danger, size="sm" modal-sm. */
const composedPrefixes = ['btn', 'alert', 'bg', 'text-bg', 'text', 'border', 'badge', 'table', 'spinner', 'list-group', 'toast', 'modal', 'nav', 'form-control', 'form-select', 'form-check', 'input-group', 'pagination', 'page', 'accordion', 'card', 'gap', 'rounded', 'position'];

/** Every word of a source file, and each with the prefixes above, so a prop's class is found too. */
const sourceClasses = (content: string) => {
  const words: string[] = content.match(/[\w-]+/g) ?? [];
  return words.concat(words.flatMap((word) => composedPrefixes.map((prefix) => `${prefix}-${word}`)));
};

/** The React-Bootstrap modules the app imports, with every module of the package they import in turn. */
function reactBootstrapFiles(): string[] {
  const esm = path.resolve(import.meta.dirname, '../../node_modules/react-bootstrap/esm');
  const sources = fs.readdirSync(path.resolve(import.meta.dirname, 'src'), { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file));
  const pending = sources.flatMap((file) =>
    [...fs.readFileSync(path.resolve(import.meta.dirname, 'src', file), 'utf8').matchAll(/from 'react-bootstrap\/(\w+)'/g)].map((m) => path.join(esm, `${m[1]}.js`)),
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
    content: ['index.html', 'src/**/*.{ts,tsx}', ...reactBootstrapFiles()],
    extractors: [{ extractor: sourceClasses, extensions: ['ts', 'tsx', 'js', 'html'] }],
    safelist: {
      standard: [/^(show|showing|fade|collapse|collapsing|active|disabled)$/, /^col(-(sm|md|lg|xl|xxl))?(-\d+|-auto)?$/, /^(row-cols|g|gx|gy)-/, /^invalid-feedback$/],
      // Modal dialogs compose their classes from several props (modal-dialog-scrollable, -centered, -fullscreen-sm-down).
      greedy: [/^carousel(-|$)/, /^modal(-|$)/],
    },
    // Named in components the app imports but never used by it: validation styling of valid fields, floating labels, ranges.
    blocklist: ['was-validated', 'is-valid', 'valid-feedback', 'valid-tooltip', 'invalid-tooltip', 'form-floating', 'form-range', 'form-control-color'],
  }) as PostcssPlugin;
  return {
    postcssPlugin: 'smm-purge-bootstrap',
    OnceExit(root, helpers) {
      if (/[\\/]styles[\\/]bootstrap[\w-]*\.scss$/.test(root.source?.input.file ?? '')) return purge.OnceExit?.(root, helpers);
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
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
          groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|src[\\/]lib[\\/](api-client|use-document-title)\.ts|shared[\\/]src[\\/]constants\.ts/, priority: 10 }],
        },
      },
    },
  },
});
