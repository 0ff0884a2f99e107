import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { ToastStack } from './ToastStack';

export interface ToastMessage {
  id: number;
  title: string;
  body: string;
  variant: 'success' | 'danger';
  /** How many toasts of this kind arrived while it showed (the latest body is shown). */
  count?: number;
}

type ShowToast = (toast: Omit<ToastMessage, 'id' | 'count'>) => void;
const ToastContext = createContext<ShowToast | null>(null);

let nextId = 0;

/** One toast per kind (variant and title): another of the same kind replaces its body, adds to its count and restarts its timer. */
export function withToast(toasts: ToastMessage[], toast: Omit<ToastMessage, 'id' | 'count'>): ToastMessage[] {
  const same = toasts.find((t) => t.variant === toast.variant && t.title === toast.title);
  const id = (nextId += 1);
  if (!same) return [...toasts, { ...toast, id, count: 1 }];
  return toasts.map((t) => (t === same ? { ...toast, id, count: (t.count ?? 1) + 1 } : t));
}

/** Toasts with the spec's 3000 ms delay; 'Success!' and 'Error!' titles come from the callers. Fast clicks never stack them. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const show = useCallback<ShowToast>((toast) => setToasts((all) => withToast(all, toast)), []);
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
