import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { BridgeError } from '../../../lib/bridge/bridge.ts';
import { getCurrentMower } from '../../../lib/current-mower.ts';
import { beginPersonalView, endPersonalView } from '../../../lib/personal-view-data.ts';
import { installFakeBridge } from '../../../testing/fake-bridge.ts';
import { initTestI18n } from '../../../testing/test-i18n.ts';
import { getMessage } from '../api/get-message.ts';
import { markRead } from '../api/mark-read.ts';
import { resetMessageStore, setUnreadCounts, useMessageState } from '../message-store.ts';
import { formatFullTime } from '../message-detail-text.ts';
import { ago, counts, testMessage } from '../test-messages.ts';
import { MessageDetailScreen } from './message-detail-screen.tsx';

vi.mock(import('../api/get-message.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  getMessage: vi.fn(),
}));
vi.mock('../api/mark-read.ts', () => ({ markRead: vi.fn() }));
vi.mock('../../../lib/current-mower.ts', () => ({ getCurrentMower: vi.fn() }));

const FRONT_LAWN = {
  vehicle_sn: 'NVM-TEST-0001',
  name: 'Front lawn',
  model: 'Navimow i105E',
  role: 'owner' as const,
  battery_percent: 92,
};
const fault = testMessage(
  'fault',
  { reason: 'bladeBlocked' },
  {
    id: 'blade',
    category: 'important',
    severity: 'critical',
    fault_code: 'E-301',
    created_at: ago.hours(3),
    mower: { serial_number: 'NVM-TEST-0002', name: 'Back garden' },
  },
);

/** What the counts are now, as the centre would show them. */
function UnreadAll() {
  return <output data-testid="unread-all">{useMessageState().unread?.all}</output>;
}

function renderDetail(search: string) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[`/message-detail${search}`]}>
      <MessageDetailScreen />
      <UnreadAll />
    </MemoryRouter>,
  );
  return user;
}

let bridge: ReturnType<typeof installFakeBridge>;
beforeAll(() => initTestI18n());
beforeEach(() => {
  resetMessageStore();
  vi.mocked(getMessage).mockReset();
  vi.mocked(markRead).mockReset().mockResolvedValue(undefined);
  vi.mocked(getCurrentMower).mockReset().mockResolvedValue(FRONT_LAWN);
  bridge = installFakeBridge({ changeMowerOpenScheme: () => ({ code: 0 }), closeWebView: () => ({ code: 0 }) });
});
afterEach(() => {
  bridge.uninstall();
  vi.restoreAllMocks();
});

describe('MessageDetailScreen', () => {
  it('in a personal first view, shows the message the view was rendered with at once, in the reader’s time zone, and marks it read', async () => {
    beginPersonalView({
      now: Date.now(),
      timeZone: 'Pacific/Auckland',
      appVersionCode: null,
      responses: { '/messages/blade': { message: fault } },
    });
    try {
      renderDetail('?id=blade');
      const article = screen.getByRole('article', { name: 'The blade is blocked' });
      expect(within(article).getByText('E-301')).toBeVisible();
      const received = new Intl.DateTimeFormat('en', {
        dateStyle: 'full',
        timeStyle: 'short',
        timeZone: 'Pacific/Auckland',
      }).format(Date.parse(fault.created_at));
      expect(within(article).getByText(received)).toBeVisible();
      expect(getMessage).not.toHaveBeenCalled();
    } finally {
      endPersonalView();
    }
    await vi.waitFor(() => expect(markRead).toHaveBeenCalledWith('blade'));
  });

  it('shows the message in full and marks it read, once', async () => {
    vi.mocked(getMessage).mockResolvedValue(fault);
    setUnreadCounts(counts({ all: 3, important: 2 }));
    renderDetail('?id=blade');
    expect(screen.getByRole('heading', { level: 1, name: 'Message' })).toBeVisible();
    const article = await screen.findByRole('article', { name: 'The blade is blocked' });
    expect(article).toHaveTextContent('Switch the mower off, then remove what blocks the blade. Wear gloves.');
    const facts = within(article)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      ['Category', 'Important'],
      ['Received', formatFullTime(fault.created_at, 'en')],
      ['Mower', 'Back garden'],
      ['Fault code', 'E-301'],
    ]);
    expect(getMessage).toHaveBeenCalledWith('blade', expect.any(AbortSignal));
    await vi.waitFor(() => expect(markRead).toHaveBeenCalledWith('blade'));
    expect(markRead).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('unread-all')).toHaveTextContent('2');
  });

  it('says how often a repeated work-log event happened, and when last', async () => {
    const started = testMessage(
      'mowingStarted',
      {},
      { id: 'started', occurrences: 6, last_occurred_at: ago.hours(1), created_at: ago.hours(2) },
    );
    vi.mocked(getMessage).mockResolvedValue(started);
    renderDetail('?id=started');
    const article = await screen.findByRole('article', { name: 'Mowing started' });
    const facts = within(article)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts).toContainEqual(['How often', '6 times']);
    expect(facts).toContainEqual(['Last time', formatFullTime(started.last_occurred_at!, 'en')]);
  });

  it('does not mark again a message already read', async () => {
    vi.mocked(getMessage).mockResolvedValue({ ...fault, read: true });
    renderDetail('?id=blade');
    await screen.findByRole('article');
    expect(markRead).not.toHaveBeenCalled();
  });

  it('prompts a switch to the message’s mower, warning of the restart, and asks the app for it', async () => {
    vi.mocked(getMessage).mockResolvedValue(fault);
    const user = renderDetail('?id=blade');
    const prompt = await screen.findByRole('region', { name: 'Switch to the corresponding mower to continue' });
    expect(prompt).toHaveTextContent('This message is about another mower: Back garden.');
    expect(prompt).toHaveTextContent('Switching mowers restarts the Navimow app.');
    await user.click(within(prompt).getByRole('button', { name: 'Switch mower' }));
    expect(bridge.callsOf('changeMowerOpenScheme')).toEqual([{ vehicle_sn: 'NVM-TEST-0002' }]);
    // The app restarts; until it does, the button stays busy.
    expect(await within(prompt).findByRole('button', { name: 'Switching…' })).toBeDisabled();
  });

  it('says when the app could not switch, and lets the user try again', async () => {
    bridge.uninstall();
    let answers = 0;
    bridge = installFakeBridge({
      changeMowerOpenScheme: () => (answers++ === 0 ? { code: 500, msg: 'crashed' } : { code: 0 }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(getMessage).mockResolvedValue(fault);
    const user = renderDetail('?id=blade');
    const prompt = await screen.findByRole('region', { name: 'Switch to the corresponding mower to continue' });
    await user.click(within(prompt).getByRole('button', { name: 'Switch mower' }));
    expect(await within(prompt).findByRole('alert')).toHaveTextContent(
      'The mower could not be switched. Please try again.',
    );
    await user.click(within(prompt).getByRole('button', { name: 'Switch mower' }));
    expect(bridge.callsOf('changeMowerOpenScheme')).toHaveLength(2);
  });

  it('prompts nothing for a message about the current mower, nor for an account-wide one', async () => {
    vi.mocked(getMessage).mockResolvedValue({
      ...fault,
      mower: { serial_number: 'NVM-TEST-0001', name: 'Front lawn' },
    });
    const { unmount } = render(
      <MemoryRouter initialEntries={['/message-detail?id=blade']}>
        <MessageDetailScreen />
      </MemoryRouter>,
    );
    await screen.findByRole('article');
    await vi.waitFor(() => expect(getCurrentMower).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Switch to the corresponding mower to continue' })).toBeNull();
    unmount();

    vi.mocked(getMessage).mockResolvedValue(testMessage('shareAccepted', { name: 'Sam' }, { mower: null }));
    vi.mocked(getCurrentMower).mockClear();
    renderDetail('?id=share');
    await screen.findByRole('article', { name: 'Invitation accepted' });
    expect(getCurrentMower).not.toHaveBeenCalled();
  });

  it('prompts nothing when the app cannot say which mower is current', async () => {
    vi.mocked(getCurrentMower).mockRejectedValue(new BridgeError('getCommonAppData', 'timeout', 'no answer'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(getMessage).mockResolvedValue(fault);
    renderDetail('?id=blade');
    await screen.findByRole('article');
    await vi.waitFor(() => expect(getCurrentMower).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Switch to the corresponding mower to continue' })).toBeNull();
  });

  it.each([
    ['stuck', 'If it gets stuck in the same place again, fill the hollow', 'app'],
    ['lifted', 'If nobody lifted it, check the lawn', 'app'],
    ['tilted', 'If it tilts in the same place again', 'app'],
    ['outsideBoundary', 'check the boundary of the map', 'app'],
    ['bladeBlocked', 'Before mowing, clear the lawn', 'app'],
    ['lowBattery', 'its battery may be deeply discharged', 'overDischarge'],
    ['rainDelay', 'Nothing to do', 'none'],
  ] as const)('gives a %s fault its own advice and next step', async (reason, advice, next) => {
    vi.mocked(getMessage).mockResolvedValue(testMessage('fault', { reason }, { id: reason, category: 'important' }));
    const user = renderDetail(`?id=${reason}`);
    const article = await screen.findByRole('article');
    expect(article).toHaveTextContent(advice);
    const backToApp = screen.queryByRole('button', { name: 'Back to the Navimow app' });
    const guide = within(article).queryByRole('link', { name: 'Deeply discharged battery' });
    expect([backToApp !== null, guide !== null]).toEqual([next === 'app', next === 'overDischarge']);
    if (guide) expect(guide).toHaveAttribute('href', '/robotWinterMode/overDischargeNotice');
    if (backToApp) {
      await user.click(backToApp);
      await waitFor(() => expect(bridge.callsOf('closeWebView')).toHaveLength(1));
    }
  });

  it('tells an offline mower to check its network, with the next step in the app, not the Bluetooth help', async () => {
    vi.mocked(getMessage).mockResolvedValue(testMessage('deviceOffline', {}, { id: 'offline', category: 'device' }));
    renderDetail('?id=offline');
    const article = await screen.findByRole('article', { name: 'Mower offline' });
    expect(article).toHaveTextContent('If your Wi-Fi name or password has changed');
    expect(within(article).queryByRole('link')).toBeNull();
    expect(screen.getByRole('button', { name: 'Back to the Navimow app' })).toBeVisible();
  });

  it('says a message the reader does not have, or no message at all, is not available, with a way on', async () => {
    vi.mocked(getMessage).mockRejectedValue(new ApiError(404, 'message_not_found', 'There is no such message'));
    const { unmount } = render(
      <MemoryRouter initialEntries={['/message-detail?id=someone-elses']}>
        <MessageDetailScreen />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'This message is not available.' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Message centre' })).toHaveAttribute('href', '/message-center');
    expect(screen.getByRole('button', { name: 'Close' })).toBeVisible();
    unmount();

    vi.mocked(getMessage).mockClear();
    renderDetail('');
    expect(screen.getByText('This message is not available.')).toBeVisible();
    expect(getMessage).not.toHaveBeenCalled();
  });

  it('says when the message could not be loaded, and retries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(getMessage)
      .mockRejectedValueOnce(new ApiError(503, 'unavailable', 'try later'))
      .mockResolvedValue(fault);
    const user = renderDetail('?id=blade');
    expect(await screen.findByRole('alert')).toHaveTextContent('The message could not be loaded. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'The blade is blocked' })).toBeVisible();
  });
});
