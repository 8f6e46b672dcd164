import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Illustration } from './illustration.tsx';
import { scenes, type SceneName } from './illustrations/scenes.tsx';

describe('Illustration', () => {
  it('draws its scene, hidden from screen readers, in a box that has its size before the drawing arrives', async () => {
    const { container } = render(
      <p>
        Put the mower on its station. <Illustration scene="charge" />
      </p>,
    );
    const box = container.querySelector('[data-scene="charge"]')!;
    expect(box).toHaveAttribute('aria-hidden', 'true');
    expect(await screen.findByText('', { selector: '[data-scene="charge"] svg' })).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it.each(Object.keys(scenes) as SceneName[])('has no words in the picture %s (the page says them)', (name) => {
    const { container } = render(<>{scenes[name]}</>);
    const svg = container.querySelector('svg')!;
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg.querySelector('text')).toBeNull();
    expect(svg.textContent).toBe('');
  });
});
