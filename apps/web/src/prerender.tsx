import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { TOKEN_STORAGE_KEY } from '@smm/shared/constants';
import { Providers } from './app/App';

/** Where the app keeps the session: the page's first script draws a prerendered page only without one. */
export const tokenStorageKey = TOKEN_STORAGE_KEY;

/**
 * The markup a guest's first render of `url` gives once its lazy page has loaded, as the browser
 * would draw it; the build puts it in the page so it shows before any script runs.
 */
export async function render(url: string): Promise<string> {
  // No one is signed in while the build renders.
  globalThis.localStorage ??= { getItem: () => null, setItem() {}, removeItem() {} } as unknown as Storage;
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={url}>
        <Providers />
      </StaticRouter>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
