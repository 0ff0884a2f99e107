export type AlertType = 'success' | 'danger' | 'warning' | 'info';

export interface AlertState {
  alertType: AlertType | '';
  alertProps: { open: boolean; message?: string; timeoutMs?: number };
}

export type AlertAction =
  | { type: 'SHOW_ALERT'; alertType: AlertType; alertProps: { message: string; timeoutMs?: number } }
  | { type: 'HIDE_ALERT' };

export const initialAlertState: AlertState = { alertType: '', alertProps: { open: false } };

/** Spec section 4: show sets type and props; hide resets to closed. */
export function alertReducer(state: AlertState, action: AlertAction): AlertState {
  switch (action.type) {
    case 'SHOW_ALERT':
      return { alertType: action.alertType, alertProps: { ...action.alertProps, open: true } };
    case 'HIDE_ALERT':
      return initialAlertState;
    default:
      return state;
  }
}
