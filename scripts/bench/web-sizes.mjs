// What the web app's first pages load first, gzipped (level 9): the files index.html references
// (entry script, module preloads, stylesheets), per page what Chromium fetched until the network
// went quiet, and what the web build itself reports in dist/first-load.json.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const DIST = 'apps/web/dist';
const CHROMIUM = '/usr/bin/chromium';
const PAGES = [
  { page: 'landing', path: '/' },
  { page: 'login', path: '/login' },
  { page: 'dashboard', path: '/dashboard', signedIn: true },
];

const gzipKb = (file) => zlib.gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 9 }).length / 1024;

function totals(files) {
  const unique = [...new Set(files)];
  const sum = (ext) => unique.filter((file) => file.endsWith(ext)).reduce((kb, file) => kb + gzipKb(file), 0);
  return { jsKb: Number(sum('.js').toFixed(1)), cssKb: Number(sum('.css').toFixed(1)), files: unique };
}

/** Waits (up to two minutes) for a web build that is being written to finish; false if there is none. */
export async function webBuildReady() {
  for (let i = 0; i < 120; i += 1) {
    if (fs.existsSync(path.join(DIST, 'index.html'))) return true;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return false;
}

/** The entry script, the classic scripts, the module preloads and the stylesheets that dist/index.html names. */
export function indexHtmlFirstLoad() {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="(?:modulepreload|stylesheet)"[^>]*href)="\/([^"]+)"/g)].map((m) => m[1]);
  return totals(refs);
}

/** The web build's own account of each route's first load (apps/web/dist/first-load.json), when it writes one. */
export function buildFirstLoad() {
  const file = path.join(DIST, 'first-load.json');
  if (!fs.existsSync(file)) return [];
  const { routes = [] } = JSON.parse(fs.readFileSync(file, 'utf8'));
  return PAGES.flatMap(({ page, path: pagePath }) => {
    const route = routes.find((r) => r.route === pagePath);
    return route ? [{ page, path: pagePath, jsKb: route.jsGzipKB, cssKb: route.cssGzipKB, files: route.files ?? [] }] : [];
  });
}

/** Loads each page in Chromium from the running server and adds up the JS and CSS it fetched. */
export async function pagesFirstLoad(base, token) {
  if (!fs.existsSync(CHROMIUM)) return [];
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const results = [];
    for (const { page: name, path: pagePath, signedIn } of PAGES) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      if (signedIn) await context.addInitScript((value) => globalThis.localStorage.setItem('jwtToken', value), token);
      const page = await context.newPage();
      // The bodies as served, so a rebuild of dist/ during the run cannot hide a file.
      const served = [];
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.origin !== base || !response.ok() || !/\.(js|css)$/.test(url.pathname)) return;
        served.push(response.body().then((body) => ({ file: url.pathname.slice(1), kb: zlib.gzipSync(body, { level: 9 }).length / 1024 })));
      });
      await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle' });
      // On a busy machine the network can fall quiet before the page's own chunk is asked for: wait for its heading.
      await page.locator('h1').first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const files = [...new Map((await Promise.all(served)).map((f) => [f.file, f.kb])).entries()];
      const sum = (ext) =>
        Number(
          files
            .filter(([file]) => file.endsWith(ext))
            .reduce((kb, [, size]) => kb + size, 0)
            .toFixed(1),
        );
      results.push({ page: name, path: pagePath, jsKb: sum('.js'), cssKb: sum('.css'), files: files.map(([file]) => file) });
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}
