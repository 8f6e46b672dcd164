import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';
import { ResultScreen } from './result-screen.tsx';

describe('ResultScreen', () => {
  it('is the screen’s main content, and its title takes the focus so that the outcome is announced', () => {
    render(<ResultScreen status="success" title="Invitation accepted" message="You can now manage Back garden." />);
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('data-result', 'success');
    expect(screen.getByRole('heading', { level: 1, name: 'Invitation accepted' })).toHaveFocus();
    expect(main).toHaveTextContent('You can now manage Back garden.');
    // The sign repeats the title: screen readers skip it.
    expect(main.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('offers what to do next after a failure', async () => {
    const retry = vi.fn();
    render(
      <ResultScreen
        status="failure"
        title="Failed to bind account"
        message="Please try again."
        actions={
          <>
            <Button onClick={retry}>Retry</Button>
            <Button variant="secondary">Done</Button>
          </>
        }
      />,
    );
    expect(screen.getByRole('main')).toHaveAttribute('data-result', 'failure');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Done' })).toBeVisible();
  });
});
