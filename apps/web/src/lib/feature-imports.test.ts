import { describe, expect, it } from 'vitest';

// Every source file under features/, as text: what it imports is read from its import lines.
const featureSources = import.meta.glob<string>('../features/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });

/** The module specifiers a file imports, statically or with import(). */
function importedSpecifiers(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)['"]([^'"]+)['"]/g))
    found.push(match[1] ?? '');
  return found;
}

/** Resolves a relative specifier of `file` (a path under src/, like 'features/x/y.ts') to a path under src/. */
function resolveFromSrc(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const parts = file.split('/').slice(0, -1);
  for (const piece of specifier.split('/')) {
    if (piece === '.' || piece === '') continue;
    if (piece === '..') parts.pop();
    else parts.push(piece);
  }
  return parts.join('/');
}

function appImportsOf(file: string, source: string): string[] {
  return importedSpecifiers(source).filter((specifier) => {
    const target = resolveFromSrc(file, specifier);
    return target !== null && (target === 'app' || target.startsWith('app/'));
  });
}

describe('features and app/', () => {
  it('reads the feature sources', () => {
    expect(Object.keys(featureSources).length).toBeGreaterThan(50);
  });

  it('no file under features/ imports from apps/web/src/app (shared pieces live in lib/)', () => {
    const offenders = Object.entries(featureSources).flatMap(([path, source]) => {
      const file = path.replace(/^\.\.\//, '');
      return appImportsOf(file, source).map((specifier) => `${file} imports ${specifier}`);
    });
    expect(offenders).toEqual([]);
  });

  it('would catch an import into app/ and let a sibling named like app- pass', () => {
    expect(appImportsOf('features/groups/pages/X.tsx', "import { RedirectWithNotice } from '../../../app/guards';")).toEqual([
      '../../../app/guards',
    ]);
    expect(appImportsOf('features/dashboard/X.tsx', "const P = lazy(() => import('../../app/routes'));")).toEqual(['../../app/routes']);
    expect(appImportsOf('features/auth/pages/X.tsx', "import { useAppState } from '../app-state';")).toEqual([]);
    expect(appImportsOf('features/groups/X.tsx', "import { lazyPage } from '../../lib/lazy';")).toEqual([]);
  });
});
