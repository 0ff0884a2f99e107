import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AppStateProvider } from '../features/auth/app-state';
import { ToastProvider } from '../lib/ui/toasts';

/** `ui` inside what every page of the app runs in (queries without retries, the router at `path`, the app state, toasts). */
export const withAppProviders = (ui: ReactNode, path: string) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <MemoryRouter initialEntries={[path]}>
      <AppStateProvider>
        <ToastProvider>{ui}</ToastProvider>
      </AppStateProvider>
    </MemoryRouter>
  </QueryClientProvider>
);
