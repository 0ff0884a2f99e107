import { useCallback } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { AppStateProvider } from '../features/auth/app-state';
import { ToastProvider } from '../lib/ui/toasts';
import { AppRoutes } from './routes';

/** The app inside a router: BrowserRouter in the browser, StaticRouter when the build prerenders a page. */
export function Providers() {
  const navigate = useNavigate();
  // The query cache (DataLayout) drops the ended session's answers as the user changes.
  const onSessionExpired = useCallback(() => navigate('/login', { replace: true }), [navigate]);
  return (
    <AppStateProvider onSessionExpired={onSessionExpired}>
      <ToastProvider>
        <AppRoutes />
      </ToastProvider>
    </AppStateProvider>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <Providers />
    </BrowserRouter>
  );
}
