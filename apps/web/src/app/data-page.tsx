import { createContext, useContext } from 'react';
import type { dataPages } from './data-pages';

export type DataPageName = keyof typeof dataPages;

/** The pages DataLayout brings (data-pages.ts); only rendered inside it. */
export const DataPagesContext = createContext<typeof dataPages | null>(null);

/** A page that reads the API, named in routes.tsx and loaded through DataLayout's chunk. */
export function DataPage({ name }: { name: DataPageName }) {
  const pages = useContext(DataPagesContext);
  if (!pages) throw new Error('DataPage must be rendered inside DataLayout');
  const Page = pages[name];
  return <Page />;
}
