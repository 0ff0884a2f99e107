import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { TOAST_DELAY_MS } from '@smm/shared/constants';

interface ToastMessage {
  id: number;
  title: string;
  body: string;
  variant: 'success' | 'danger';
}

type ShowToast = (toast: Omit<ToastMessage, 'id'>) => void;
const ToastContext = createContext<ShowToast | null>(null);

let nextId = 0;

/** Toasts with the spec's 3000 ms delay; 'Success!' and 'Error!' titles come from the callers. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const show = useCallback<ShowToast>((toast) => setToasts((all) => [...all, { ...toast, id: (nextId += 1) }]), []);
  const remove = (id: number) => setToasts((all) => all.filter((t) => t.id !== id));
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <ToastContainer position="bottom-end" className="p-3 position-fixed" style={{ zIndex: 2000 }}>
        {toasts.map((toast) => (
          <Toast key={toast.id} onClose={() => remove(toast.id)} delay={TOAST_DELAY_MS} autohide bg={toast.variant} role={toast.variant === 'danger' ? 'alert' : 'status'}>
            <Toast.Header closeLabel="Close notification">
              <strong className="me-auto">{toast.title}</strong>
            </Toast.Header>
            <Toast.Body className="text-white">{toast.body}</Toast.Body>
          </Toast>
        ))}
      </ToastContainer>
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside ToastProvider');
  return show;
}
