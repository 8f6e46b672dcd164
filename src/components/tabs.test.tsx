import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../testing/test-i18n.ts';
import { type TabItem, Tabs } from './tabs.tsx';

type Category = 'all' | 'important' | 'workLog';

function MessageTabs({ tabs }: { tabs: readonly TabItem<Category>[] }) {
  const [selected, setSelected] = useState<Category>('all');
  return (
    <Tabs label="Message categories" tabs={tabs} selected={selected} onSelect={setSelected}>
      <p>Messages in {selected}</p>
    </Tabs>
  );
}

const TABS: readonly TabItem<Category>[] = [
  { id: 'all', label: 'All' },
  { id: 'important', label: 'Important', count: 3, countLabel: '3 unread' },
  { id: 'workLog', label: 'Work status', count: 0 },
];

beforeAll(() => initTestI18n());
afterEach(() => i18next.changeLanguage('en'));

describe('Tabs', () => {
  it('is a named tablist whose selected tab labels the one panel', () => {
    render(<MessageTabs tabs={TABS} />);
    expect(screen.getByRole('tablist', { name: 'Message categories' })).toBeVisible();
    const all = screen.getByRole('tab', { name: 'All' });
    expect(all).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'All' })).toHaveTextContent('Messages in all');
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
  });

  it('reads a count with its meaning, and shows none for zero', () => {
    render(<MessageTabs tabs={TABS} />);
    expect(screen.getByRole('tab', { name: 'Important 3 unread' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Work status' })).toBeVisible();
  });

  it('selects with a tap, and with the arrow keys, Home and End, moving the focus along', async () => {
    const user = userEvent.setup();
    render(<MessageTabs tabs={TABS} />);
    await user.click(screen.getByRole('tab', { name: /Important/ }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Messages in important');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Work status' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Work status' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Work status' })).toHaveTextContent('Messages in workLog');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Work status' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Work status' })).toHaveFocus();
  });

  it('writes counts in the page language’s digits', async () => {
    await i18next.changeLanguage('de');
    render(<MessageTabs tabs={[{ id: 'all', label: 'Alle', count: 1234 }]} />);
    expect(screen.getByRole('tab', { name: 'Alle 1.234' })).toBeVisible();
  });
});
