import Alert from 'react-bootstrap/Alert';
import { useAppState } from '../features/auth/app-state';

/** The app-wide alert of the spec's Alert state, closed automatically by its timeout. */
export function AlertBanner() {
  const { alert, hideAlert } = useAppState();
  if (!alert.alertProps.open || !alert.alertType) return null;
  return (
    <Alert variant={alert.alertType} dismissible onClose={hideAlert} className="mt-3" role={alert.alertType === 'danger' ? 'alert' : 'status'}>
      {alert.alertProps.message}
    </Alert>
  );
}
