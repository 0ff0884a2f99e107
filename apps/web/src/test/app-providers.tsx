import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppStateProvider } from '../features/auth/app-state';
import GroupAreaLayout from '../features/groups/pages/GroupAreaLayout';
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

/**
 * Renders the app at `path` with `pages` (route path → element) inside the group area its first
 * segment names (/civGroup, /runeScapeClan), and `after` beside the routes.
 */
export function renderGroupPages(path: string, pages: Record<string, ReactNode>, after?: ReactNode) {
  const area = `/${path.split(/[/?]/)[1]}`;
  return render(
    withAppProviders(
      <>
        <Routes>
          <Route path={area} element={<GroupAreaLayout />}>
            {Object.entries(pages).map(([page, element]) => (
              <Route key={page} path={page} element={element} />
            ))}
          </Route>
        </Routes>
        {after}
      </>,
      path,
    ),
  );
}
