import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRIDGE_METHODS } from '../../../lib/bridge/methods.ts';
import { failure, type NativeHandlers, noAnswer, ok } from '../../../lib/bridge/native-fake.ts';
import { installFakeBridge } from '../../../testing/fake-bridge.ts';
import { BridgeCheckScreen } from './bridge-check-screen.tsx';

const utf8ToBase64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

/** A native side that answers every method as docs/bridge.md says: the compiler checks none is missing. */
const conforming = {
  closeWebView: () => ok(),
  finishRendering: () => ok(),
  getCommonAppData: () =>
    ok({
      vehicle_sn: 'NVM-1',
      email: 'owner@example.com',
      client_ver: '3.0.153',
      access_token: 'token-never-shown',
      platform: 'android' as const,
    }),
  ipSearch: () => ok({ country_code: 'DE' }),
  // A reversible stand-in for the app's cipher: base64 of the text, reversed, with the version suffix.
  handleEncipherment: ({ text }) => ok(`${[...utf8ToBase64(text)].reverse().join('')}#NB2`),
  handleDecrypt: ({ text }) => ok([...text].reverse().join('')),
  showAppNavigationBar: () => ok(),
  openExternalURI: () => ok(),
  openScheme: () => ok({ opened: true }),
  getMowerList: () =>
    ok({
      mowers: [{ vehicle_sn: 'NVM-1', name: 'Lawn', model: 'i105E', role: 'owner' as const, battery_percent: 90 }],
    }),
  getDevicePermissions: ({ permissions }) =>
    ok(Object.fromEntries(permissions.map((permission) => [permission, 'granted' as const]))),
  openSystemPermissionPage: () => ok(),
  getAppVersion: () => ok({ versionName: '3.0.153', versionCode: 300000153 }),
  appIsInstall: () => ok({ installed: false }),
  setAppFlipResult: () => ok(),
  openGoogleHomeURI: () => ok(),
  changeMowerOpenScheme: () => ok(),
  handleH5MowerSet: () => ok(),
  setWinterStorageMode: () => ok({ winter_mode: false }),
} satisfies NativeHandlers;

let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  uninstall = undefined;
  window.sessionStorage.clear();
  vi.useRealTimers();
});

const verdictOf = (method: string) => screen.getByTestId(`method-${method}`).getAttribute('data-verdict');
const autoDone = () => screen.findByText(/ pass, .* fail, .* not run/);

describe('BridgeCheckScreen', () => {
  it('passes a conforming native side completely: every automatic method at once, each tapped one on its tap', async () => {
    const fake = installFakeBridge(conforming);
    uninstall = fake.uninstall;
    render(<BridgeCheckScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Bridge check' }).closest('main')).toHaveAttribute(
      'lang',
      'en',
    );
    expect(await autoDone()).toHaveTextContent(
      '10 pass, 0 fail, 0 no answer in time, 0 refused, 9 not run (of 19 methods).',
    );
    expect(screen.getByTestId('check-transport')).toHaveTextContent('Android: window.NavimowBridge.postMessage');
    expect(screen.getByTestId('check-app-version')).toHaveTextContent('3.0.153 (build 300000153)');
    expect(screen.getByTestId('enhanced-gate')).toHaveTextContent(
      'Passes the enhanced-behaviour gate (build 300000153 or later).',
    );
    expect(screen.getByTestId('check-encryption')).toHaveAttribute('data-verdict', 'pass');
    expect(screen.getByTestId('version-suffix')).toHaveTextContent('carries the version suffix #NB2');
    // Nothing with a visible effect ran by itself.
    expect(fake.requests.map((request) => request.method).sort()).toEqual([
      'appIsInstall',
      'finishRendering',
      'getAppVersion',
      'getCommonAppData',
      'getDevicePermissions',
      'getMowerList',
      'handleDecrypt',
      'handleEncipherment',
      'ipSearch',
      'showAppNavigationBar',
    ]);

    const user = userEvent.setup();
    const tapped = BRIDGE_METHODS.filter((method) => verdictOf(method) === 'not-run');
    for (const method of tapped) {
      const card = screen.getByTestId(`method-${method}`);
      expect(card).toHaveTextContent('Not run: tap to run it.');
      await user.click(within(card).getByRole('button', { name: `Run ${method}` }));
      await vi.waitFor(() => expect(verdictOf(method)).toBe('pass'));
    }
    expect(BRIDGE_METHODS.map(verdictOf)).toEqual(BRIDGE_METHODS.map(() => 'pass'));
    expect(fake.callsOf('setWinterStorageMode')).toEqual([{ vehicle_sn: 'NVM-1', enabled: false }]);
    expect(fake.callsOf('handleH5MowerSet')).toEqual([{ vehicle_sn: 'NVM-1', page: 'device_information' }]);
    expect(
      screen.getByText('19 pass, 0 fail, 0 no answer in time, 0 refused, 0 not run (of 19 methods).'),
    ).toBeInTheDocument();
  });

  it('opens with its introduction, then draws each card in its final shape while the answers are awaited', async () => {
    // An app that never answers getAppVersion: the check stays at its first state for it.
    uninstall = installFakeBridge({ ...conforming, getAppVersion: () => noAnswer }).uninstall;
    render(<BridgeCheckScreen />);
    // Before the check's code arrives: the introduction, the server's first view too.
    expect(screen.getByText(/For the iOS and Android teams/)).toBeVisible();
    expect(screen.getByText('Loading the check…')).toBeVisible();

    const transport = await screen.findByTestId('check-transport');
    expect(transport).toHaveTextContent('Android: window.NavimowBridge.postMessage');
    expect(screen.getByTestId('check-app-version')).toHaveTextContent('Waiting for getAppVersion…');
    expect(screen.getByTestId('enhanced-gate')).toHaveTextContent(
      'The enhanced-behaviour gate: build 300000153 or later.',
    );
    expect(screen.getByRole('status')).toHaveTextContent('Running the automatic checks…');
  });

  it('copies the result as one JSON text, without the token or the e-mail', async () => {
    uninstall = installFakeBridge(conforming).uninstall;
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<BridgeCheckScreen />);
    await autoDone();
    await user.click(screen.getByRole('button', { name: 'Copy the result as JSON' }));
    expect(await screen.findByText('Copied to the clipboard: paste it into the bug report.')).toBeVisible();
    const report = JSON.parse(writeText.mock.calls[0]![0]) as {
      methods: { method: string; verdict: string; answers: unknown[] }[];
      appVersion: unknown;
    };
    expect(report.methods).toHaveLength(19);
    expect(report.appVersion).toMatchObject({ versionCode: 300000153, passesEnhancedGate: true });
    expect(report.methods.find((method) => method.method === 'getCommonAppData')).toMatchObject({ verdict: 'pass' });
    expect(writeText.mock.calls[0]![0]).not.toContain('token-never-shown');
    expect(writeText.mock.calls[0]![0]).not.toContain('owner@example.com');
  });

  it('names each defect of a wrong native side, and its round trip that does not come back', async () => {
    const { getMowerList: _missing, ...rest } = conforming;
    uninstall = installFakeBridge({
      ...rest,
      ipSearch: () => ({ replies: [{ body: { code: 0, data: { country: 'DE' } } }] }),
      handleDecrypt: () => ok(utf8ToBase64('not the text')),
      getAppVersion: () => ok({ versionName: '3.0.152', versionCode: 300000152 }),
      setWinterStorageMode: () => failure(1001, 'battery under 85 %'),
      appIsInstall: () => noAnswer,
    }).uninstall;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<BridgeCheckScreen />);
    await screen.findByTestId('check-summary');
    await vi.advanceTimersByTimeAsync(5_100);
    await autoDone();
    expect(screen.getByTestId('method-getMowerList')).toHaveTextContent(
      'Missing method: the app answered 404 (unknown method).',
    );
    expect(screen.getByTestId('method-ipSearch')).toHaveTextContent(
      "Wrong shape: the answer's data does not fit the method.",
    );
    expect(screen.getByTestId('method-ipSearch')).toHaveTextContent('country_code: Invalid key');
    expect(screen.getByTestId('method-appIsInstall')).toHaveTextContent('No answer within 5 s.');
    expect(screen.getByTestId('enhanced-gate')).toHaveTextContent(
      'Below the enhanced-behaviour gate (build 300000153)',
    );
    expect(screen.getByTestId('check-encryption')).toHaveAttribute('data-verdict', 'fail');
    expect(screen.getByTestId('check-encryption')).toHaveTextContent('The text came back different: "not the text"');
  });
});
