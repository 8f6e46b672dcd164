import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Wordmark } from './wordmark.tsx';

describe('Wordmark', () => {
  it('is one picture named Navimow: screen readers hear the name once, not the drawing and the letters', () => {
    render(<Wordmark />);
    const mark = screen.getByRole('img', { name: 'Navimow' });
    expect(mark).toBeVisible();
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(mark.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(mark).toHaveTextContent('Navimow');
  });
});
