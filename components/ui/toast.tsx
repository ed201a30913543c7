'use client';
// Short confirmations ("Saved", "Key revoked") in a polite live region.
import { CheckCircle2, AlertTriangle, X } from 'lucide-react';
import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { cn } from './cn';

type Toast = { id: number; message: string; tone: 'success' | 'error' };
type ToastApi = { success: (message: string) => void; error: (message: string) => void };

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const push = useCallback(
    (message: string, tone: Toast['tone']) => {
      const id = next.current++;
      setToasts((list) => [...list.slice(-3), { id, message, tone }]);
      setTimeout(() => dismiss(id), tone === 'error' ? 8000 : 4000);
    },
    [dismiss],
  );
  const api = useMemo<ToastApi>(() => ({ success: (m) => push(m, 'success'), error: (m) => push(m, 'error') }), [push]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4 sm:items-end sm:pr-6">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role={toast.tone === 'error' ? 'alert' : 'status'}
            className={cn(
              'pointer-events-auto flex w-full max-w-sm items-start gap-2 rounded-lg border px-4 py-3 text-sm shadow-lg',
              toast.tone === 'success' ? 'border-emerald-200 bg-white text-slate-800' : 'border-red-200 bg-red-50 text-red-800',
            )}
          >
            {toast.tone === 'success' ? (
              <CheckCircle2 className="size-5 shrink-0 text-emerald-600" aria-hidden="true" />
            ) : (
              <AlertTriangle className="size-5 shrink-0" aria-hidden="true" />
            )}
            <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">{toast.message}</span>
            <button type="button" onClick={() => dismiss(toast.id)} className="rounded p-0.5 text-slate-500 hover:bg-slate-100" aria-label="Dismiss">
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** Toasts of the nearest provider; a no-op outside one so components stay reusable. */
export function useToast(): ToastApi {
  return useContext(ToastContext) ?? { success: () => undefined, error: () => undefined };
}
