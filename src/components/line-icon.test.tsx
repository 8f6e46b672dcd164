import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LineIcon } from './line-icon.tsx';

describe('LineIcon', () => {
  it('draws its path in the text colour, hidden from screen readers, in its square', () => {
    const { container } = render(<LineIcon path="M4 4h16" size={32} className="icon" />);
    const svg = container.querySelector('svg')!;
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('viewBox', '0 0 32 32');
    expect(svg).toHaveClass('icon');
    const path = svg.querySelector('path')!;
    expect(path).toHaveAttribute('d', 'M4 4h16');
    expect(path).toHaveAttribute('stroke', 'currentColor');
    expect(path).toHaveAttribute('fill', 'none');
  });
});
