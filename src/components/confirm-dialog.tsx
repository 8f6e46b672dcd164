import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { Button } from './button.tsx';
import { Card, CardTitle } from './card.tsx';
import styles from './confirm-dialog.module.css';

/**
 * A modal confirmation on the native <dialog>: the page behind is inert (Tab goes round the dialog's buttons and
 * never reaches it), and Escape and the back gesture cancel. The labels come from the caller's locale namespace. Closed, the dialog gives the focus back
 * to what had it before; `returnFocusTo` names where it goes when nothing had (the button that opened it was
 * disabled while the page got ready to ask, for example), so that a keyboard or screen-reader user keeps their place.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  returnFocusTo,
  destructive = false,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** What it asks about cannot be undone (unlink, unbind, reject): the confirm button has the kit's danger look. */
  destructive?: boolean;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element || !open) return;
    // WebViews before iOS 15.4 have no showModal(); the dialog then opens in place rather than not at all.
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
    // The safe choice gets the focus: a stray tap on Enter must not start what the dialog asks about.
    cancelButton.current?.focus();
    const returnTarget = returnFocusTo?.current;
    return () => {
      if (typeof element.close === 'function') element.close();
      else element.removeAttribute('open');
      const focused = document.activeElement;
      if (!focused || focused === document.body) returnTarget?.focus();
    };
  }, [open, returnFocusTo]);

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        // Escape: let React close it through `open`, so state and the element never disagree.
        event.preventDefault();
        onCancel();
      }}
    >
      {open && (
        <Card className={styles.surface}>
          <CardTitle id={`${id}-title`} className={styles.title}>
            {title}
          </CardTitle>
          <div id={`${id}-body`} className={styles.body}>
            {children}
          </div>
          <div className={styles.actions}>
            <Button ref={cancelButton} variant="secondary" onClick={onCancel}>
              {cancelLabel}
            </Button>
            <Button variant={destructive ? 'danger' : 'primary'} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </Card>
      )}
    </dialog>
  );
}
