import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ToastOptions, ToastProvider, useToast } from './toast.tsx';

/** A screen with one button per toast it can show. */
function Screen({ toasts }: { toasts: { text: string; options?: ToastOptions }[] }) {
  const showToast = useToast();
  return toasts.map(({ text, options }) => (
    <button key={text} type="button" onClick={() => showToast(text, options)}>
      {text}
    </button>
  ));
}

function renderScreen(...toasts: { text: string; options?: ToastOptions }[]) {
  render(
    <ToastProvider>
      <Screen toasts={toasts} />
    </ToastProvider>,
  );
  return (text: string) => fireEvent.click(screen.getByRole('button', { name: text }));
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Toast', () => {
  it('announces a toast in a live region that is there before it, and takes it away by itself', () => {
    const show = renderScreen({ text: 'All messages are marked as read', options: { tone: 'success' } });
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();
    show('All messages are marked as read');
    expect(region).toHaveTextContent('All messages are marked as read');
    act(() => vi.advanceTimersByTime(3_999));
    expect(region).toHaveTextContent('All messages are marked as read');
    act(() => vi.advanceTimersByTime(1));
    expect(region).toBeEmptyDOMElement();
  });

  it('shows one at a time: a new toast replaces the last and gets its full time', () => {
    const show = renderScreen(
      { text: 'Unbind successfully', options: { durationMs: 5_000 } },
      { text: 'Bind successful', options: { durationMs: 5_000 } },
    );
    show('Unbind successfully');
    act(() => vi.advanceTimersByTime(3_000));
    show('Bind successful');
    expect(screen.getByRole('status')).toHaveTextContent(/^Bind successful$/);
    act(() => vi.advanceTimersByTime(4_000));
    expect(screen.getByRole('status')).toHaveTextContent('Bind successful');
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('gives a long message more time to be read', () => {
    const long = 'Switch to the corresponding mower to continue. This restarts the Navimow app on your phone.';
    const show = renderScreen({ text: long });
    show(long);
    act(() => vi.advanceTimersByTime(4_000));
    expect(screen.getByRole('status')).toHaveTextContent(long);
  });

  it('needs a provider around the screen', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Screen toasts={[]} />)).toThrow('useToast needs a ToastProvider');
  });
});
