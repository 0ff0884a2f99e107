import { useAppState } from '../../features/auth/app-state';

/**
 * The app-wide alert of the spec's Alert state, closed automatically by its timeout. Plain
 * Bootstrap markup (a dismissible alert), so every first page can show it at once.
 */
export function AlertBanner() {
  const { alert, hideAlert } = useAppState();
  if (!alert.alertProps.open || !alert.alertType) return null;
  return (
    <div className={`alert alert-${alert.alertType} alert-dismissible mt-3`} role={alert.alertType === 'danger' ? 'alert' : 'status'}>
      {alert.alertProps.message}
      <button type="button" className="btn-close" aria-label="Close alert" onClick={hideAlert} />
    </div>
  );
}
