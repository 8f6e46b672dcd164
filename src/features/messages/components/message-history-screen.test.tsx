import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { initTestI18n } from '../../../testing/test-i18n.ts';
import { getMessages } from '../api/get-messages.ts';
import { resetMessageStore } from '../message-store.ts';
import { ago, testMessage } from '../test-messages.ts';
import { MessageHistoryScreen } from './message-history-screen.tsx';

// The rest (the personal first view's pages) as it is.
vi.mock('../api/get-messages.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getMessages: vi.fn(),
}));

const older = Array.from({ length: 23 }, (_, index) =>
  testMessage(
    'mowingFinished',
    { areaSquareMetres: 400 + index, minutes: 90 },
    { id: `old-${index}`, created_at: ago.days(31 + index) },
  ),
);

function renderHistory(search = '') {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[`/messageHistory${search}`]}>
      <MessageHistoryScreen />
    </MemoryRouter>,
  );
  return user;
}

beforeAll(() => initTestI18n());
beforeEach(() => {
  resetMessageStore();
  vi.mocked(getMessages).mockReset();
});
afterEach(() => vi.restoreAllMocks());

describe('MessageHistoryScreen', () => {
  it('lists messages older than 30 days page by page, to the end', async () => {
    vi.mocked(getMessages).mockImplementation(async ({ cursor }) =>
      cursor ? { items: older.slice(20), nextCursor: null } : { items: older.slice(0, 20), nextCursor: 'page-2' },
    );
    const user = renderHistory();
    expect(screen.getByRole('heading', { level: 1, name: 'Message history' })).toBeVisible();
    expect(screen.getByText('Messages older than 30 days')).toBeVisible();
    const list = await screen.findByRole('list', { name: 'History' });
    expect(within(list).getAllByRole('link')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('No more messages')).toBeVisible();
    expect(within(list).getAllByRole('link')).toHaveLength(23);
    expect(vi.mocked(getMessages).mock.calls.map(([query]) => query)).toEqual([
      { category: 'all', window: 'history', cursor: null },
      { category: 'all', window: 'history', cursor: 'page-2' },
    ]);
  });

  it('shows the history of the tab it was opened from', async () => {
    vi.mocked(getMessages).mockResolvedValue({ items: [older[0]!], nextCursor: null });
    renderHistory('?category=important');
    expect(screen.getByText('Category: Important')).toBeVisible();
    await screen.findByRole('list', { name: 'History' });
    expect(getMessages).toHaveBeenCalledWith(
      { category: 'important', window: 'history', cursor: null },
      expect.any(AbortSignal),
    );
  });

  it('reads an unknown category as all of them', async () => {
    vi.mocked(getMessages).mockResolvedValue({ items: [], nextCursor: null });
    renderHistory('?category=<script>');
    expect(await screen.findByText('No messages older than 30 days')).toBeVisible();
    expect(screen.queryByText(/Category:/)).toBeNull();
    expect(getMessages).toHaveBeenCalledWith(
      { category: 'all', window: 'history', cursor: null },
      expect.any(AbortSignal),
    );
  });

  it('says when the history could not be loaded, and retries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(getMessages)
      .mockRejectedValueOnce(new ApiError(503, 'unavailable', 'try later'))
      .mockResolvedValue({ items: older.slice(0, 2), nextCursor: null });
    const user = renderHistory();
    expect(await screen.findByRole('alert')).toHaveTextContent('The message history could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(within(await screen.findByRole('list', { name: 'History' })).getAllByRole('link')).toHaveLength(2);
  });
});
