import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Step, StepList } from './step-list.tsx';

describe('StepList', () => {
  it('is an ordered list of steps, each headed by its label and title', () => {
    render(
      <StepList>
        <Step
          label="Step 1"
          title="Check that the mower is on"
          pictures={<svg aria-hidden="true" data-testid="ok-button" />}
        >
          <p>Hold OK for 1 second.</p>
        </Step>
        <Step label="Step 2" title="Connect again">
          <p>Turn Bluetooth off and on.</p>
        </Step>
      </StepList>,
    );
    const list = screen.getByRole('list');
    expect(list.tagName).toBe('OL');
    const steps = within(list).getAllByRole('listitem');
    expect(steps).toHaveLength(2);
    expect(within(steps[0]!).getByRole('heading', { level: 2 })).toHaveTextContent(
      /^Step 1\s+Check that the mower is on$/,
    );
    expect(within(steps[0]!).getByTestId('ok-button')).toBeInTheDocument();
    expect(within(steps[1]!).getByRole('heading', { level: 2 })).toHaveTextContent(/^Step 2\s+Connect again$/);
    expect(steps[1]).toHaveTextContent('Turn Bluetooth off and on.');
  });
});
