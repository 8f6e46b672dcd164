import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';

describe('Button', () => {
  it('is a plain button (never a form submit by accident), primary unless told otherwise', async () => {
    const onClick = vi.fn();
    render(
      <form onSubmit={() => onClick('submitted')}>
        <Button onClick={() => onClick('clicked')}>Save</Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('button', 'primary');
    await userEvent.click(button);
    expect(onClick.mock.calls).toEqual([['clicked']]);
  });

  it('has a destructive look for what cannot be undone, apart from the main action’s', () => {
    render(
      <>
        <Button variant="danger">Unlink</Button>
        <Button variant="secondary">Cancel</Button>
      </>,
    );
    const danger = screen.getByRole('button', { name: 'Unlink' });
    expect(danger).toHaveClass('button', 'danger');
    expect(danger).not.toHaveClass('primary');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveClass('secondary');
  });

  it('can look like a link and still be a button with its own name', () => {
    render(
      <Button variant="link" aria-pressed={false}>
        Show password
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Show password', pressed: false });
    expect(button).toHaveClass('button', 'link');
  });

  it('does nothing while disabled', async () => {
    const onClick = vi.fn();
    render(
      <Button variant="danger" disabled onClick={onClick}>
        Reject
      </Button>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onClick).not.toHaveBeenCalled();
  });
});
