import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';

function Host({ onConfirm = vi.fn() }: { onConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Mark all as read
      </button>
      <ConfirmDialog
        open={open}
        title="Mark all messages as read?"
        confirmLabel="Mark as read"
        cancelLabel="Cancel"
        onConfirm={() => {
          onConfirm();
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      >
        <p>This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}

describe('ConfirmDialog', () => {
  it('gives an irreversible action the danger look, the safe choice still focused first', () => {
    const { rerender } = render(
      <ConfirmDialog
        open
        destructive
        title="Unlink Alexa?"
        confirmLabel="Unbind"
        cancelLabel="Cancel"
        onConfirm={() => {}}
        onCancel={() => {}}
      >
        <p>Voice control stops.</p>
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Unlink Alexa?' });
    expect(within(dialog).getByRole('button', { name: 'Unbind' })).toHaveClass('danger');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    rerender(
      <ConfirmDialog
        open
        title="Unlink Alexa?"
        confirmLabel="Unbind"
        cancelLabel="Cancel"
        onConfirm={() => {}}
        onCancel={() => {}}
      >
        <p>Voice control stops.</p>
      </ConfirmDialog>,
    );
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Unbind' })).toHaveClass('primary');
  });

  it('asks, named by its title and described by its text, with the focus on the safe choice', async () => {
    render(<Host />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark all messages as read?' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('does what it asked about only on confirmation', async () => {
    const onConfirm = vi.fn();
    render(<Host onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark as read' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cancels on Escape (the dialog’s cancel event) through its owner’s state', async () => {
    const onConfirm = vi.fn();
    render(<Host onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(screen.getByRole('dialog'), cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('gives the focus back to `returnFocusTo` when the button that opened it could not keep it', async () => {
    function DisablingHost() {
      const [step, setStep] = useState<'idle' | 'checking' | 'asking'>('idle');
      const begin = useRef<HTMLButtonElement>(null);
      return (
        <>
          <button
            ref={begin}
            type="button"
            disabled={step !== 'idle'}
            onClick={() => {
              setStep('checking');
              setTimeout(() => setStep('asking'), 0);
            }}
          >
            Begin hibernating
          </button>
          <ConfirmDialog
            open={step === 'asking'}
            title="Begin hibernating?"
            confirmLabel="Begin"
            cancelLabel="Cancel"
            onConfirm={() => setStep('idle')}
            onCancel={() => setStep('idle')}
            returnFocusTo={begin}
          >
            <p>The mower powers off.</p>
          </ConfirmDialog>
        </>
      );
    }
    render(<DisablingHost />);
    const begin = screen.getByRole('button', { name: 'Begin hibernating' });
    await userEvent.click(begin);
    // Disabled while the page got ready, the button lost the focus (jsdom does not move it by itself).
    begin.blur();
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(begin).toHaveFocus();
  });
});
