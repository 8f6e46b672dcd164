import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Card, CardTitle } from './card.tsx';

describe('Card', () => {
  it('is a region named by its title', () => {
    render(
      <Card title="Mower settings">
        <p>Check that the module is recognised.</p>
      </Card>,
    );
    const region = screen.getByRole('region', { name: 'Mower settings' });
    expect(within(region).getByRole('heading', { level: 2, name: 'Mower settings' })).toBeVisible();
    expect(region).toHaveTextContent('Check that the module is recognised.');
  });

  it('takes a lower heading level, and no landmark without a title', () => {
    render(
      <>
        <Card title="A new map is needed" titleLevel={3} data-testid="warning" />
        <Card data-testid="plain">
          <p>Untitled</p>
        </Card>
      </>,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'A new map is needed' })).toBeVisible();
    expect(screen.getByTestId('plain').tagName).toBe('DIV');
    expect(screen.queryByRole('region', { name: 'Untitled' })).toBeNull();
  });

  it('can be a list item with pictures beside its text, and keeps the caller’s labelling', () => {
    render(
      <ul>
        <Card as="li" title="Step 1" media={<svg aria-hidden="true" data-testid="picture" />}>
          <p>Hold OK.</p>
        </Card>
        <Card as="li" aria-labelledby="own-title">
          <CardTitle id="own-title">Custom header</CardTitle>
        </Card>
      </ul>,
    );
    const [step, custom] = screen.getAllByRole('listitem');
    expect(within(step!).getByRole('heading', { name: 'Step 1' })).toBeVisible();
    expect(within(step!).getByTestId('picture')).toBeInTheDocument();
    expect(custom).toHaveAttribute('aria-labelledby', 'own-title');
  });
});
