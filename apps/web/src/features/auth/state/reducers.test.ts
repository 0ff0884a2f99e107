import { describe, expect, it } from 'vitest';
import { alertReducer, initialAlertState } from './alert-reducer';
import { authReducer, initialAuthState } from './auth-reducer';
import { errorsReducer, initialErrorsState } from './errors-reducer';

const user = { id: 'u1', username: 'ann', email: 'ann@example.com', steamID: null, exp: 2_000_000_000 };

describe('auth reducer', () => {
  it.each([
    ['a non-empty payload authenticates', user, true],
    ['an empty payload signs out', {}, false],
  ])('set-current-user: %s', (_name, payload, isAuthenticated) => {
    const state = authReducer({ ...initialAuthState, loading: true, isAuthenticated: !isAuthenticated }, { type: 'SET_CURRENT_USER', payload });
    expect(state).toMatchObject({ isAuthenticated, user: payload, loading: false });
  });

  it('user-loading sets loading', () => {
    expect(authReducer(initialAuthState, { type: 'USER_LOADING' }).loading).toBe(true);
  });

  it('user-registered sets registerSuccess', () => {
    expect(authReducer(initialAuthState, { type: 'USER_REGISTERED' }).registerSuccess).toBe(true);
    expect(authReducer({ ...initialAuthState, registerSuccess: true }, { type: 'USER_REGISTERED', payload: false }).registerSuccess).toBe(false);
  });

  it('keeps the state for an unknown action', () => {
    const state = { ...initialAuthState, loading: true };
    expect(authReducer(state, { type: 'SOMETHING_ELSE' } as never)).toBe(state);
  });
});

describe('errors reducer', () => {
  it('stores the body of the last failed call and clears it', () => {
    const body = { message: 'Invalid input', fields: { email: 'Email is invalid' } };
    const state = errorsReducer(initialErrorsState, { type: 'GET_ERRORS', payload: body });
    expect(state).toEqual(body);
    expect(errorsReducer(state, { type: 'CLEAR_ERRORS' })).toEqual({});
  });
});

describe('alert reducer', () => {
  it('show sets type and props with the open flag; hide resets to closed', () => {
    const shown = alertReducer(initialAlertState, { type: 'SHOW_ALERT', alertType: 'success', alertProps: { message: 'Saved', timeoutMs: 5000 } });
    expect(shown).toEqual({ alertType: 'success', alertProps: { open: true, message: 'Saved', timeoutMs: 5000 } });
    expect(alertReducer(shown, { type: 'HIDE_ALERT' })).toEqual({ alertType: '', alertProps: { open: false } });
  });
});
