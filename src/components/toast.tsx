import { createContext, type ReactNode, use, useCallback, useEffect, useRef, useState } from 'react';
import { classNames } from './class-names.ts';
import styles from './toast.module.css';

export interface ToastOptions {
  tone?: 'info' | 'success' | 'error';
  /** How long it stays; by default long enough to read it twice. */
  durationMs?: number;
}

type ShowToast = (message: string, options?: ToastOptions) => void;

interface ShownToast {
  key: number;
  message: string;
  tone: NonNullable<ToastOptions['tone']>;
  durationMs: number;
}

const ToastContext = createContext<ShowToast | undefined>(undefined);

/** Time to read it at a slow pace: 60 ms a character, four seconds at least, ten at most. */
function readingTime(message: string): number {
  return Math.max(4_000, Math.min(10_000, message.length * 60));
}

/**
 * Short confirmations that need no action ("All messages are marked as read", "Unbind successfully"): one at a
 * time, a new one replaces the last, each goes away by itself. The live region is on the page before any toast
 * appears, so screen readers announce each one. Wrap the screen that shows toasts, or the root layout when a
 * toast must outlive a change of screen.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ShownToast>();
  const shown = useRef(0);

  const show = useCallback<ShowToast>((message, { tone = 'info', durationMs = readingTime(message) } = {}) => {
    shown.current += 1;
    setToast({ key: shown.current, message, tone, durationMs });
  }, []);

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(undefined), toast.durationMs);
    return () => window.clearTimeout(timer);
  }, [toast]);

  return (
    <ToastContext value={show}>
      {children}
      <div className={styles.viewport} role="status" aria-live="polite" aria-atomic="true">
        {toast && (
          // A new key for every toast: the same text twice is announced twice.
          <p key={toast.key} className={classNames(styles.toast, toast.tone !== 'info' && styles[toast.tone])}>
            {toast.message}
          </p>
        )}
      </div>
    </ToastContext>
  );
}

/** Shows a toast: `const showToast = useToast(); showToast(t('markAllRead.done'), { tone: 'success' })`. */
export function useToast(): ShowToast {
  const show = use(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider around the screen');
  return show;
}
