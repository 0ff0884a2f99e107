import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { ApiError } from '../lib/api-client';
import { DataPagesContext } from './data-page';
import { dataPages } from './data-pages';
import { QueryCacheReset } from './QueryCacheReset';
import '../styles/bootstrap-pages.scss';
import '../styles/signed-in.css';

/** One cache for the app's lifetime, so moving between pages keeps the answers already fetched. */
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A refusal will not change on retry; a network hiccup may.
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});

/**
 * The frame of every page that reads the API: the query cache, and those pages themselves
 * (data-pages.ts). It loads with the first such page, so the landing and login pages do without it.
 */
export default function DataLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <DataPagesContext.Provider value={dataPages}>
        <QueryCacheReset />
        <Outlet />
      </DataPagesContext.Provider>
    </QueryClientProvider>
  );
}
