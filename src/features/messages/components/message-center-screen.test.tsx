import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type MessageDto, messagesPath, type UnreadCounts } from '../../../../common/messages.ts';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';
import { beginPersonalView, endPersonalView } from '../../../lib/personal-view-data.ts';
import { installFakeBridge } from '../../../testing/fake-bridge.ts';
import { initTestI18n } from '../../../testing/test-i18n.ts';
import { getMessages, type MessageQuery } from '../api/get-messages.ts';
import { getUnreadCounts } from '../api/get-unread-counts.ts';
import { markAllRead } from '../api/mark-all-read.ts';
import { markRead } from '../api/mark-read.ts';
import { readMessage, resetMessageStore } from '../message-store.ts';
import { formatListTime } from '../message-time.ts';
import { ago, counts, testMessage } from '../test-messages.ts';
import { MessageCenterScreen } from './message-center-screen.tsx';

// The rest (the personal first view's pages) as it is.
vi.mock('../api/get-messages.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getMessages: vi.fn(),
}));
vi.mock('../api/get-unread-counts.ts', () => ({ getUnreadCounts: vi.fn() }));
vi.mock('../api/mark-all-read.ts', () => ({ markAllRead: vi.fn() }));
vi.mock('../api/mark-read.ts', () => ({ markRead: vi.fn() }));

/** A fake API over these messages: cursor pages of `pageSize`, newest first as given. */
function serve({
  recent = [],
  history = [],
  unread = counts(),
  pageSize = 20,
}: {
  recent?: MessageDto[];
  history?: MessageDto[];
  unread?: UnreadCounts;
  pageSize?: number;
}) {
  vi.mocked(getMessages).mockImplementation(async ({ category, window, cursor, limit }: MessageQuery) => {
    const all = (window === 'recent' ? recent : history).filter(
      (message) => category === 'all' || message.category === category,
    );
    const start = cursor ? Number(cursor) : 0;
    const size = limit ?? pageSize;
    return {
      items: all.slice(start, start + size),
      nextCursor: start + size < all.length ? String(start + size) : null,
    };
  });
  vi.mocked(getUnreadCounts).mockResolvedValue(unread);
}

const recentCalls = () =>
  vi
    .mocked(getMessages)
    .mock.calls.map(([query]) => query)
    .filter((query) => query.window === 'recent');

function renderCenter() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/message-center']}>
      <MessageCenterScreen />
    </MemoryRouter>,
  );
  return user;
}

const list = () => screen.getByRole('list', { name: 'Messages' });
const items = () => within(list()).getAllByRole('link');

const finished = testMessage(
  'mowingFinished',
  { areaSquareMetres: 420, minutes: 95 },
  { id: 'finished', created_at: ago.hours(2) },
);
const stuck = testMessage(
  'fault',
  { reason: 'stuck' },
  { id: 'stuck', category: 'important', severity: 'critical', fault_code: 'E-203', created_at: ago.hours(5) },
);
const firmware = testMessage(
  'firmwareAvailable',
  { version: '3.2.1' },
  { id: 'firmware', category: 'system', read: true, created_at: ago.days(10) },
);
const oldFault = testMessage(
  'fault',
  { reason: 'tilted' },
  { id: 'tilted', category: 'important', fault_code: 'E-110', created_at: ago.days(40) },
);

beforeAll(() => initTestI18n());
beforeEach(() => {
  resetMessageStore();
  vi.mocked(getMessages).mockReset();
  vi.mocked(getUnreadCounts).mockReset();
  vi.mocked(markAllRead).mockReset();
  vi.mocked(markRead).mockReset().mockResolvedValue(undefined);
});
afterEach(() => vi.restoreAllMocks());

/** Failures that are defects are reported, and the report is logged: not noise these tests want. */
const quietReports = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

describe('MessageCenterScreen', () => {
  it('in a personal first view, shows the messages the view was rendered with and asks only for what comes after', async () => {
    serve({ recent: [finished, stuck, firmware], unread: counts({ all: 2 }) });
    beginPersonalView({
      now: Date.now(),
      appVersionCode: null,
      timeZone: 'Europe/Berlin',
      responses: {
        [messagesPath({ category: 'all', window: 'recent' })]: { messages: [stuck], next_cursor: null },
        [messagesPath({ category: 'all', window: 'history', limit: 3 })]: { messages: [oldFault], next_cursor: null },
      },
    });
    try {
      const user = renderCenter();
      // At once: no answer to wait for.
      expect(items().map((item) => item.dataset.messageId)).toEqual(['stuck']);
      expect(screen.getByRole('region', { name: 'History' })).toBeVisible();
      expect(getMessages).not.toHaveBeenCalled();
      endPersonalView();
      // Another tab, and the same tab again, load from the API as always.
      await user.click(screen.getByRole('tab', { name: /^Important/ }));
      await user.click(screen.getByRole('tab', { name: /^All/ }));
      expect((await screen.findAllByRole('link', { name: /Mowing finished/ })).length).toBeGreaterThan(0);
      expect(recentCalls()).toEqual([
        { category: 'important', window: 'recent', cursor: null },
        { category: 'all', window: 'recent', cursor: null },
      ]);
    } finally {
      endPersonalView();
    }
  });

  it('shows each tab with its unread count, and the messages newest first with unread markers', async () => {
    serve({ recent: [finished, stuck, firmware], unread: counts({ all: 2, workLog: 1, important: 1 }) });
    renderCenter();
    expect(screen.getByRole('heading', { level: 1, name: 'Message centre' })).toBeVisible();
    expect(await screen.findByRole('tab', { name: 'All 2 unread', selected: true })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Important 1 unread' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Work status 1 unread' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'System' })).toBeVisible();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'All 22 unread',
      'Important 11 unread',
      'Work status 11 unread',
      'Notification',
      'System',
      'Device',
    ]);

    await screen.findByRole('list', { name: 'Messages' });
    expect(items().map((item) => item.getAttribute('href'))).toEqual([
      '/message-detail?id=finished',
      '/message-detail?id=stuck',
      '/message-detail?id=firmware',
    ]);
    expect(items()[0]).toHaveAccessibleName(
      /^Unread Mowing finished Mowed 420 m² in 95 minutes\. Front lawn 2 hours ago$/,
    );
    expect(items()[1]).toHaveTextContent('Fault code E-203');
    // One rule for every row's time, a fault's too (its detail has the exact time).
    expect(items()[1]).toHaveTextContent(formatListTime(stuck.created_at, 'en'));
    expect(items()[2]).not.toHaveTextContent('Unread');
    expect(items()[2]).toHaveAttribute('data-read', 'true');
  });

  it('shows the chosen tab’s messages', async () => {
    serve({ recent: [finished, stuck, firmware], unread: counts({ all: 2, workLog: 1, important: 1 }) });
    const user = renderCenter();
    await screen.findByRole('list', { name: 'Messages' });
    await user.click(screen.getByRole('tab', { name: 'Important 1 unread' }));
    await vi.waitFor(() =>
      expect(items().map((item) => item.getAttribute('href'))).toEqual(['/message-detail?id=stuck']),
    );
    expect(recentCalls().at(-1)).toMatchObject({ category: 'important', cursor: null });
  });

  it('loads the next page when asked, until the end, without gaps or duplicates', async () => {
    const many = Array.from({ length: 25 }, (_, index) =>
      testMessage('mowingStarted', {}, { id: `m${String(index).padStart(2, '0')}`, created_at: ago.hours(index + 1) }),
    );
    serve({ recent: many });
    const user = renderCenter();
    await screen.findByRole('list', { name: 'Messages' });
    expect(items()).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByText('No more messages');
    expect(items().map((item) => item.getAttribute('href'))).toEqual(
      many.map((message) => `/message-detail?id=${message.id}`),
    );
    expect(recentCalls().map((query) => query.cursor)).toEqual([null, '20']);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('says when there are no messages at all', async () => {
    serve({});
    renderCenter();
    expect(await screen.findByText('No messages yet')).toBeVisible();
    expect(screen.getByText('What your mowers report appears here.')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'History' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });

  it('says when nothing came in the last 30 days, and shows the history', async () => {
    const older = [
      oldFault,
      testMessage('mowingStarted', {}, { id: 'older-2', created_at: ago.days(41) }),
      testMessage('mowingStarted', {}, { id: 'older-3', created_at: ago.days(42) }),
      testMessage('mowingStarted', {}, { id: 'older-4', created_at: ago.days(43) }),
    ];
    serve({ history: older });
    renderCenter();
    expect(await screen.findByText('No new messages in the last 30 days')).toBeVisible();
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getAllByRole('listitem')).toHaveLength(3);
    expect(within(history).getByRole('link', { name: 'Show more' })).toHaveAttribute('href', '/messageHistory');
    expect(screen.queryByText('No messages yet')).toBeNull();
  });

  it('ends the recent list with the History section, or with "No more messages" when there is none', async () => {
    serve({ recent: [finished], history: [oldFault] });
    const user = renderCenter();
    const history = await screen.findByRole('region', { name: 'History' });
    expect(within(history).getByRole('link', { name: /The mower is tilted/ })).toHaveAttribute(
      'href',
      '/message-detail?id=tilted',
    );
    // One page of history: nothing more to show.
    expect(within(history).queryByRole('link', { name: 'Show more' })).toBeNull();
    expect(screen.queryByText('No more messages')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Work status' }));
    expect(await screen.findByText('No more messages')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'History' })).toBeNull();
  });

  it('links a tab’s History section to that tab’s history', async () => {
    serve({
      recent: [stuck],
      history: [oldFault, { ...oldFault, id: 'a' }, { ...oldFault, id: 'b' }, { ...oldFault, id: 'c' }],
    });
    const user = renderCenter();
    await screen.findByRole('region', { name: 'History' });
    await user.click(screen.getByRole('tab', { name: 'Important' }));
    const history = await screen.findByRole('region', { name: 'History' });
    expect(within(history).getByRole('link', { name: 'Show more' })).toHaveAttribute(
      'href',
      '/messageHistory?category=important',
    );
  });

  it('says when a tab has nothing unread left, instead of offering to mark all read', async () => {
    serve({ recent: [firmware], unread: counts() });
    renderCenter();
    expect(await screen.findByText('No more unread messages')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });

  it('marks all read after a confirmation, up to the newest message loaded, and says so', async () => {
    serve({ recent: [finished, stuck, firmware], unread: counts({ all: 2, workLog: 1, important: 1 }) });
    vi.mocked(markAllRead).mockResolvedValue(counts());
    const user = renderCenter();
    await screen.findByRole('list', { name: 'Messages' });
    await screen.findByRole('tab', { name: 'All 2 unread' });

    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    // The confirmation's code comes after the centre's first view (mark-all-read.tsx).
    const dialog = await screen.findByRole('dialog', { name: 'Mark all as read?' });
    expect(dialog).toHaveTextContent('All your messages will be marked as read.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(markAllRead).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark all read' }));
    expect(markAllRead).toHaveBeenCalledWith({ category: 'all', up_to: finished.created_at });
    expect(await screen.findByText('All messages are marked as read')).toBeVisible();
    expect(items().every((item) => item.getAttribute('data-read') === 'true')).toBe(true);
    expect(screen.getByRole('tab', { name: 'All' })).toBeVisible();
    expect(screen.getByText('No more unread messages')).toBeVisible();
    await vi.waitFor(() => expect(screen.getByText('No more unread messages')).toHaveFocus());
  });

  it('says when marking all read failed, and leaves the messages unread', async () => {
    serve({ recent: [stuck], unread: counts({ all: 1, important: 1 }) });
    quietReports();
    vi.mocked(markAllRead).mockRejectedValue(new ApiError(503, 'unavailable', 'try later'));
    const user = renderCenter();
    await screen.findByRole('list', { name: 'Messages' });
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('The messages could not be marked as read. Please try again.')).toBeVisible();
    expect(items()[0]).toHaveAttribute('data-read', 'false');
  });

  it('says "Failed to load new messages" and retries', async () => {
    quietReports();
    serve({ recent: [finished] });
    const answer = vi.mocked(getMessages).getMockImplementation()!;
    vi.mocked(getMessages).mockImplementation(async (query) => {
      if (query.window === 'recent' && recentCalls().length === 1) throw new ApiError(503, 'unavailable', 'try later');
      return answer(query);
    });
    const user = renderCenter();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load new messages');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Messages' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the reader is no longer signed in, with nothing to retry or refresh, when the session is gone', async () => {
    const bridge = installFakeBridge({});
    try {
      serve({ recent: [finished] });
      vi.mocked(getMessages).mockRejectedValue(new ApiError(401, 'unauthorized', 'sign in'));
      renderCenter();
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'You are no longer signed in. Sign in to the Navimow app again, then open this page.',
      );
      expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
      expect(screen.queryByText('Failed to load new messages')).toBeNull();
      // A result screen with its way on, not empty tabs around one sentence (issue 37).
      expect(screen.queryByRole('tablist')).toBeNull();
      expect(screen.getByRole('heading', { level: 1, name: 'Message centre' })).toHaveFocus();
      expect(screen.getByRole('button', { name: 'Close' })).toBeVisible();
    } finally {
      bridge.uninstall();
    }
  });

  it('loads again by itself when the connection comes back', async () => {
    serve({ recent: [finished] });
    const answer = vi.mocked(getMessages).getMockImplementation()!;
    vi.mocked(getMessages).mockImplementation(async (query) => {
      if (query.window === 'recent' && recentCalls().length === 1) throw new NetworkError('offline');
      return answer(query);
    });
    renderCenter();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load new messages');
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('list', { name: 'Messages' })).toBeVisible();
  });

  it('reloads the list and the counts on Refresh', async () => {
    serve({ recent: [finished], unread: counts({ all: 1, workLog: 1 }) });
    const user = renderCenter();
    await screen.findByRole('list', { name: 'Messages' });
    serve({ recent: [stuck, finished], unread: counts({ all: 2, workLog: 1, important: 1 }) });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() => expect(items()).toHaveLength(2));
    expect(await screen.findByRole('tab', { name: 'All 2 unread' })).toBeVisible();
  });

  it('never says "No more unread messages" above an unread message newer than the counts, and asks for them at once', async () => {
    serve({ recent: [stuck, finished], unread: counts() });
    vi.mocked(getUnreadCounts)
      .mockResolvedValueOnce(counts())
      .mockResolvedValue(counts({ all: 1, important: 1 }));
    renderCenter();
    await screen.findByRole('list', { name: 'Messages' });
    expect(items()[0]).toHaveAttribute('data-read', 'false');
    expect(screen.queryByText('No more unread messages')).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeVisible();
    expect(await screen.findByRole('tab', { name: 'All 1 unread' })).toBeVisible();
    expect(getUnreadCounts).toHaveBeenCalledTimes(2);
  });

  it('shows a message read elsewhere (its detail) as read, one less unread, without loading the list again', async () => {
    serve({ recent: [finished, stuck], unread: counts({ all: 2, workLog: 1, important: 1 }) });
    renderCenter();
    await screen.findByRole('tab', { name: 'Important 1 unread' });
    await screen.findByRole('list', { name: 'Messages' });
    const loads = vi.mocked(getMessages).mock.calls.length;

    await act(() => readMessage(stuck));
    expect(items()[1]).toHaveAttribute('data-read', 'true');
    expect(screen.getByRole('tab', { name: 'All 1 unread' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Important' })).toBeVisible();
    expect(vi.mocked(getMessages).mock.calls.length).toBe(loads);
  });

  it('shows a generic message’s free text as text, never as markup', async () => {
    const generic = testMessage(
      'generic',
      { title: '<b>Offer</b>', body: '<img src=x onerror="alert(1)">' },
      { id: 'generic', mower: null },
    );
    serve({ recent: [generic] });
    renderCenter();
    await screen.findByRole('list', { name: 'Messages' });
    expect(items()[0]).toHaveTextContent('<b>Offer</b>');
    expect(items()[0]).toHaveTextContent('<img src=x onerror="alert(1)">');
    expect(list().querySelector('b, img')).toBeNull();
  });
});
