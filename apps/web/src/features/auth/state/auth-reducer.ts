import type { TokenUser } from '@smm/shared/users/schemas';

export interface AuthState {
  isAuthenticated: boolean;
  user: Partial<TokenUser & { exp: number }>;
  registerSuccess: boolean;
  loading: boolean;
}

export type AuthAction =
  | { type: 'SET_CURRENT_USER'; payload: Partial<TokenUser & { exp: number }> }
  | { type: 'USER_LOADING' }
  | { type: 'USER_REGISTERED'; payload?: boolean };

export const initialAuthState: AuthState = { isAuthenticated: false, user: {}, registerSuccess: false, loading: false };

/** Spec section 4: set-current-user authenticates for a non-empty payload and clears it for an empty one. */
export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'SET_CURRENT_USER':
      return { ...state, isAuthenticated: Object.keys(action.payload).length > 0, user: action.payload, loading: false };
    case 'USER_LOADING':
      return { ...state, loading: true };
    case 'USER_REGISTERED':
      return { ...state, registerSuccess: action.payload ?? true, loading: false };
    default:
      return state;
  }
}
