import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlaceholderLines } from './placeholder-lines.tsx';

describe('PlaceholderLines', () => {
  it('keeps the room of the lines to come, and says nothing to assistive technology', () => {
    const { container } = render(
      <section aria-label="Server">
        <p>Checking…</p>
        <PlaceholderLines lines={3} />
      </section>,
    );
    const lines = container.querySelector('[data-placeholder-lines]');
    expect(lines).toHaveAttribute('aria-hidden', 'true');
    expect(lines?.children).toHaveLength(3);
    expect(lines).toHaveTextContent('');
    // Only the real text is in the region's accessible content.
    expect(screen.getByRole('region', { name: 'Server' })).toHaveTextContent(/^Checking…$/);
  });
});
