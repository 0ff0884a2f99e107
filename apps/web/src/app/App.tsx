import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { AppStateProvider } from '../features/auth/app-state';
import { ApiError } from '../lib/api-client';
import { ToastProvider } from '../lib/ui/toasts';
import { QueryCacheReset } from './QueryCacheReset';
import { AppRoutes } from './routes';

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A refusal will not change on retry; a network hiccup may.
        retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

function Providers() {
  const navigate = useNavigate();
  const [queryClient] = useState(createQueryClient);
  const onSessionExpired = useCallback(() => {
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [navigate, queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <AppStateProvider onSessionExpired={onSessionExpired}>
        <QueryCacheReset />
        <ToastProvider>
          <AppRoutes />
        </ToastProvider>
      </AppStateProvider>
    </QueryClientProvider>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <Providers />
    </BrowserRouter>
  );
}
