import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppState } from '../../features/auth/app-state';
import { LOGIN_REQUIRED_NOTICE, NOTICE_TIMEOUT_MS } from '../notices';

/**
 * Sends the user to `to` and says why in the app's alert (dismissible, in a live region) on the
 * page they land on.
 */
export function RedirectWithNotice({ to, notice, state }: { to: string; notice: string; state?: unknown }) {
  const { showAlert } = useAppState();
  useEffect(() => showAlert('warning', notice, NOTICE_TIMEOUT_MS), [showAlert, notice]);
  return <Navigate to={to} replace state={state} />;
}

/**
 * Private routes: an unauthenticated user is sent to /login, told to log in when they came to
 * the page logged out; a logout or an ended session says its own piece.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { auth } = useAppState();
  const location = useLocation();
  const [arrivedLoggedOut] = useState(!auth.isAuthenticated);
  if (!auth.isAuthenticated) {
    const state = { from: location.pathname + location.search };
    if (arrivedLoggedOut) return <RedirectWithNotice to="/login" notice={LOGIN_REQUIRED_NOTICE} state={state} />;
    return <Navigate to="/login" replace state={state} />;
  }
  return children;
}

/** Landing, login and register: a logged-in user goes to /dashboard. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { auth } = useAppState();
  if (auth.isAuthenticated) return <Navigate to="/dashboard" replace />;
  return children;
}
