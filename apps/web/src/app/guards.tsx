import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppState } from '../features/auth/app-state';

/** Private routes: an unauthenticated user is sent to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { auth } = useAppState();
  const location = useLocation();
  if (!auth.isAuthenticated) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return children;
}

/** Landing, login and register: a logged-in user goes to /dashboard. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { auth } = useAppState();
  if (auth.isAuthenticated) return <Navigate to="/dashboard" replace />;
  return children;
}
