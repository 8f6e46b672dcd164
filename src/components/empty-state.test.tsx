import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';

describe('EmptyState', () => {
  it('says there is nothing, why, and what to do', () => {
    render(
      <EmptyState title="No messages yet" icon={<svg data-testid="icon" />} action={<Button>Retry</Button>}>
        New messages about your mower appear here.
      </EmptyState>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'No messages yet' })).toBeVisible();
    expect(screen.getByText('New messages about your mower appear here.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(screen.getByTestId('icon').parentElement).toHaveAttribute('aria-hidden', 'true');
  });

  it('can be a plain line instead of a heading', () => {
    render(<EmptyState title="No more unread messages" titleAs="p" />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByText('No more unread messages').tagName).toBe('P');
  });
});
