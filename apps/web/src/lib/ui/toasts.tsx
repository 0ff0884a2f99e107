import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { ToastStack } from './ToastStack';

export interface ToastMessage {
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
  const remove = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {toasts.length > 0 && <ToastStack toasts={toasts} onClose={remove} />}
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside ToastProvider');
  return show;
}
