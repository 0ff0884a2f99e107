import { useEffect } from 'react';
import { TOAST_DELAY_MS } from '@smm/shared/constants';
import type { ToastMessage } from './toasts';

/** One toast in Bootstrap's markup; it closes itself after the spec's delay. */
function ToastItem({ toast, onClose }: { toast: ToastMessage; onClose: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onClose(toast.id), TOAST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onClose]);
  return (
    <div
      className={`toast show bg-${toast.variant}`}
      role={toast.variant === 'danger' ? 'alert' : 'status'}
      aria-live={toast.variant === 'danger' ? 'assertive' : 'polite'}
      aria-atomic="true"
    >
      <div className="toast-header">
        <strong className="me-auto">{toast.title}</strong>
        {(toast.count ?? 1) > 1 && <span className="badge text-bg-secondary me-2">{`×${toast.count}`}</span>}
        <button type="button" className="btn-close" aria-label="Close notification" onClick={() => onClose(toast.id)} />
      </div>
      <div className="toast-body text-white">{toast.body}</div>
    </div>
  );
}

/**
 * The toasts at the bottom right, in plain Bootstrap markup: the provider sits above every page,
 * so it ships with the first one and stays small. Clicks pass through them (only the close button
 * takes one), so a toast never stands between a member and a control under it.
 */
export function ToastStack({ toasts, onClose }: { toasts: ToastMessage[]; onClose: (id: number) => void }) {
  return (
    <div className="toast-container toast-stack p-3 position-fixed bottom-0 end-0" style={{ zIndex: 2000 }}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onClose={onClose} />
      ))}
    </div>
  );
}
