import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { type ListPage, usePagedList } from '../lib/use-paged-list.ts';
import { initTestI18n } from '../testing/test-i18n.ts';
import { EmptyState } from './empty-state.tsx';
import { InfiniteList } from './infinite-list.tsx';

interface Message {
  id: string;
  title: string;
}

const message = (index: number): Message => ({ id: `m${index}`, title: `Message ${index}` });

/** Pages of two messages, `total` in all; the cursors listed in `failing` fail once. */
function messages(total: number, failing: string[] = []) {
  return vi.fn(async (cursor: string | null): Promise<ListPage<Message>> => {
    const from = Number(cursor ?? 0);
    if (cursor && failing.includes(cursor)) {
      failing.splice(failing.indexOf(cursor), 1);
      throw new ApiError(503, 'unavailable', 'try later');
    }
    const items = Array.from({ length: Math.min(2, total - from) }, (_, index) => message(from + index + 1));
    return { items, nextCursor: from + 2 < total ? String(from + 2) : null };
  });
}

function MessageList({ load }: { load: (cursor: string | null) => Promise<ListPage<Message>> }) {
  const list = usePagedList(load);
  return (
    <InfiniteList
      items={list.items}
      getKey={(item) => item.id}
      renderItem={(item) => item.title}
      status={list.status}
      onLoadMore={list.loadMore}
      label="Messages"
      errorText="Failed to load new messages"
      endText="No more messages"
      empty={<EmptyState title="No messages yet" />}
    />
  );
}

/** A stand-in for IntersectionObserver: the test says when the sentinel comes into view. */
class FakeObserver {
  static current: FakeObserver | undefined;
  readonly callback: IntersectionObserverCallback;
  target: Element | undefined;
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
    FakeObserver.current = this;
  }
  observe(target: Element) {
    this.target = target;
  }
  disconnect() {
    if (FakeObserver.current === this) FakeObserver.current = undefined;
  }
  static scrollIntoView() {
    const observer = FakeObserver.current!;
    observer.callback(
      [{ isIntersecting: true, target: observer.target! } as IntersectionObserverEntry],
      observer as unknown as IntersectionObserver,
    );
  }
}

const items = () => within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');

beforeAll(() => initTestI18n());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('InfiniteList', () => {
  it('says it is loading, then shows the first page with a "Show more" button', async () => {
    render(<MessageList load={messages(5)} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('list', { name: 'Messages' })).toBeVisible();
    expect(items().map((item) => item.textContent)).toEqual(['Message 1', 'Message 2']);
    expect(screen.getByRole('button', { name: 'Show more' })).toBeVisible();
  });

  it('loads the next page from the button and moves the focus to the first new item', async () => {
    const user = userEvent.setup();
    render(<MessageList load={messages(5)} />);
    await user.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Message 3')).toHaveFocus();
    expect(items()).toHaveLength(4);
  });

  it('loads the next page when the end of the list scrolls into view', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const load = messages(5);
    render(<MessageList load={load} />);
    await screen.findByText('Message 2');
    // The observer is set up in an effect, which may run a moment after the page is on screen.
    await vi.waitFor(() => expect(FakeObserver.current?.target).toBeDefined());
    act(() => FakeObserver.scrollIntoView());
    expect(await screen.findByText('Message 4')).toBeVisible();
    // Scrolling loads do not pull the focus away from where the user is reading.
    expect(screen.getByText('Message 3')).not.toHaveFocus();
    expect(load.mock.calls.map(([cursor]) => cursor)).toEqual([null, '2']);
  });

  it('says when a page failed and loads it again on Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(<MessageList load={messages(5, ['2'])} />);
    await user.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load new messages');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(items()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Message 3')).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when there is nothing more, and offers no more', async () => {
    const user = userEvent.setup();
    render(<MessageList load={messages(3)} />);
    await user.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('status')).toHaveTextContent('No more messages');
    expect(items()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('shows its empty state when there is nothing at all', async () => {
    render(<MessageList load={messages(0)} />);
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeVisible();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
