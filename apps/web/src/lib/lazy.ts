import { lazy, type ComponentType } from 'react';
import { LAZY_CHUNK_TIMEOUT_MS } from '@smm/shared/constants';

/** React.lazy whose chunk load fails after the spec's 120 s instead of waiting forever. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the props of each page or part are its own; React.lazy takes any component.
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(
    () =>
      new Promise<{ default: T }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('Loading this page timed out')), LAZY_CHUNK_TIMEOUT_MS);
        // A chunk that arrives stops the clock (the build's prerender would otherwise wait it out).
        load()
          .then(resolve, reject)
          .finally(() => clearTimeout(timer));
      }),
  );
}
