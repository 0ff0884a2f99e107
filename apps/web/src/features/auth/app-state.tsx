import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { ALERT_TIMEOUT_MS, TOKEN_STORAGE_KEY } from '@smm/shared/constants';
import type { ApiErrorBody } from '@smm/shared/errors';
import { setAuthHeader, setUnauthorizedHandler } from '../../lib/api-client';
import { decodeToken, isExpired } from '../../lib/jwt';
import { alertReducer, initialAlertState, type AlertState, type AlertType } from './state/alert-reducer';
import { authReducer, initialAuthState, type AuthState } from './state/auth-reducer';
import { errorsReducer, initialErrorsState, type ErrorsState } from './state/errors-reducer';

interface AppState {
  auth: AuthState;
  errors: ErrorsState;
  alert: AlertState;
  /** Stores a login token, applies it as the Authorization header and sets the current user. */
  applyToken(token: string): boolean;
  logout(): void;
  setUserLoading(): void;
  setRegistered(value?: boolean): void;
  setErrors(body: ApiErrorBody): void;
  clearErrors(): void;
  showAlert(type: AlertType, message: string, timeoutMs?: number): void;
  hideAlert(): void;
}

const AppStateContext = createContext<AppState | null>(null);

/** Reads the stored token at start: a valid one signs the user in, an expired one signs out. */
function initialAuth(): { auth: AuthState; expired: boolean } {
  const stored = localStorage.getItem(TOKEN_STORAGE_KEY);
  if (!stored) return { auth: initialAuthState, expired: false };
  const decoded = decodeToken(stored);
  if (!decoded || isExpired(decoded)) {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    setAuthHeader(null);
    return { auth: initialAuthState, expired: true };
  }
  setAuthHeader(stored);
  return { auth: { ...initialAuthState, isAuthenticated: true, user: decoded }, expired: false };
}

export function AppStateProvider({ children, onSessionExpired }: { children: ReactNode; onSessionExpired?: () => void }) {
  const start = useRef<ReturnType<typeof initialAuth>>(null);
  start.current ??= initialAuth();
  const [auth, authDispatch] = useReducer(authReducer, start.current.auth);
  const [errors, errorsDispatch] = useReducer(errorsReducer, initialErrorsState);
  const [alert, alertDispatch] = useReducer(alertReducer, initialAlertState);
  const alertTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const logout = useCallback(() => {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    setAuthHeader(null);
    authDispatch({ type: 'SET_CURRENT_USER', payload: {} });
  }, []);

  const hideAlert = useCallback(() => {
    clearTimeout(alertTimer.current);
    alertDispatch({ type: 'HIDE_ALERT' });
  }, []);

  const showAlert = useCallback((type: AlertType, message: string, timeoutMs = ALERT_TIMEOUT_MS) => {
    clearTimeout(alertTimer.current);
    alertDispatch({ type: 'SHOW_ALERT', alertType: type, alertProps: { message, timeoutMs } });
    alertTimer.current = setTimeout(() => alertDispatch({ type: 'HIDE_ALERT' }), timeoutMs);
  }, []);

  useEffect(() => {
    if (start.current?.expired) onSessionExpired?.();
    setUnauthorizedHandler(() => {
      logout();
      onSessionExpired?.();
    });
    return () => {
      setUnauthorizedHandler(null);
      clearTimeout(alertTimer.current);
    };
  }, [logout, onSessionExpired]);

  // The actions only use dispatchers, so they keep one identity for the app's lifetime.
  const actions = useMemo(
    () => ({
      applyToken(token: string) {
        const decoded = decodeToken(token);
        if (!decoded) return false;
        localStorage.setItem(TOKEN_STORAGE_KEY, token);
        setAuthHeader(token);
        authDispatch({ type: 'SET_CURRENT_USER', payload: decoded });
        return true;
      },
      logout,
      setUserLoading: () => authDispatch({ type: 'USER_LOADING' }),
      setRegistered: (registered = true) => authDispatch({ type: 'USER_REGISTERED', payload: registered }),
      setErrors: (body: ApiErrorBody) => errorsDispatch({ type: 'GET_ERRORS', payload: body }),
      clearErrors: () => errorsDispatch({ type: 'CLEAR_ERRORS' }),
      showAlert,
      hideAlert,
    }),
    [logout, showAlert, hideAlert],
  );
  const value = useMemo<AppState>(() => ({ auth, errors, alert, ...actions }), [auth, errors, alert, actions]);
  return <AppStateContext.Provider value={value}>{children}</AppStateContext.Provider>;
}

export function useAppState(): AppState {
  const state = useContext(AppStateContext);
  if (!state) throw new Error('useAppState must be used inside AppStateProvider');
  return state;
}

/** The signed-in user; only for components rendered behind the private-route guard. */
export function useCurrentUser() {
  const { auth } = useAppState();
  const { id, username, email, steamID } = auth.user;
  if (!auth.isAuthenticated || !id) throw new Error('useCurrentUser needs a signed-in user');
  return { id, username: username ?? '', email: email ?? '', steamID: steamID ?? null };
}
