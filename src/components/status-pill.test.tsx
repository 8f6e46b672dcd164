import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusPill } from './status-pill.tsx';

describe('StatusPill', () => {
  it('says the state in words, marked on or off, with the accent look only when on', () => {
    render(
      <p>
        <StatusPill on data-testid="linked">
          Linked
        </StatusPill>
        <StatusPill on={false} data-testid="unlinked">
          Not linked
        </StatusPill>
      </p>,
    );
    const linked = screen.getByTestId('linked');
    expect(linked).toHaveTextContent('Linked');
    expect(linked).toHaveAttribute('data-on', 'true');
    expect(linked).toHaveClass('pill', 'on');
    const unlinked = screen.getByTestId('unlinked');
    expect(unlinked).toHaveTextContent('Not linked');
    expect(unlinked).toHaveAttribute('data-on', 'false');
    expect(unlinked).not.toHaveClass('on');
  });
});
