import type { LoginRequest, MowerListResponse, TokenResponse } from '../../common/api-types.ts';
import type { MowerStatusDto, SimulatorReport, WinterModeRequest } from '../../common/fleet.ts';
import type { BridgeParams, Mower } from '../lib/bridge/methods.ts';
import { NATIVE_FAILURE } from '../lib/bridge/protocol.ts';
import { type Answer, createNativeFake, failure, type NativeHandlers, ok } from '../lib/bridge/native-fake.ts';
import { isAllowedUri } from '../lib/bridge/uri-allowlist.ts';
import {
  type AmazonFaultMode,
  amazonUserFor,
  isAmazonConsent,
  playAmazonConsent,
  readAmazonFault,
  setAmazonFault,
} from './amazon-consent.ts';
import { createDemoInvitation, type DemoInvitation } from './demo-invitation.ts';
import { googleHomeOpens, takeAppFlipResult } from './google-app-flip.ts';
import { DEMO_ACCOUNTS, saveState, type SimulatorState, urlAfterRestart, versionNameFor } from './simulator-state.ts';

export interface LogEntry {
  id: number;
  at: Date;
  method: string;
  params: unknown;
  code?: number;
  note?: string;
  ms?: number;
}

const LATENCY_MS = 30;
/** How long the simulated user takes on Amazon's consent page before Amazon sends them back. */
const CONSENT_MS = 400;
/** The log across a restart of the app, so that the call that restarted it stays visible. */
const CARRIED_LOG_KEY = 'navimow.simulator.log';

/** The real app restarts on a change of mower: the page loads again, with the new mower current. */
function restartPage(state: SimulatorState): void {
  window.location.replace(urlAfterRestart(window.location.href, state));
}

/** A universal link of this app, opened in its web view (Amazon sending the user back after linking). */
function openInWebView(path: string): void {
  window.location.assign(path);
}

function carryLog(log: readonly LogEntry[]): void {
  try {
    window.sessionStorage.setItem(CARRIED_LOG_KEY, JSON.stringify(log));
  } catch {
    // The restarted app starts with an empty log.
  }
}

/** The log carried over a restart, once; ids below zero, so that they never meet the new entries'. */
function carriedLog(): LogEntry[] {
  try {
    const text = window.sessionStorage.getItem(CARRIED_LOG_KEY);
    window.sessionStorage.removeItem(CARRIED_LOG_KEY);
    const entries = JSON.parse(text ?? '[]') as (Omit<LogEntry, 'at'> & { at: string })[];
    return entries.map((entry, index) => ({ ...entry, id: -1 - index, at: new Date(entry.at) }));
  } catch {
    return [];
  }
}

/** The native side refuses what the page never should have sent (the same allowlist as the page's). */
const refusedUri = (uri: string) =>
  failure(NATIVE_FAILURE.badParams, `refused to open ${uri.split(':', 1)[0]}: not a scheme or host the app opens`);

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}
function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

/**
 * A stand-in for the iOS/Android app that answers the page's bridge requests over the same protocol, with
 * the demo backend behind it. Every request and answer goes to a log the simulator panel shows.
 */
export class NativeSimulator {
  readonly log: LogEntry[] = [];
  private listeners = new Set<() => void>();
  private sequence = 0;
  private token: Promise<string> | undefined;
  private cipherKey: Promise<CryptoKey> | undefined;
  private mowers: Mower[] | undefined;
  winterMode: Record<string, boolean> = {};
  navigationBarVisible = true;

  state: SimulatorState;
  private readonly onRestart: (state: SimulatorState) => void;
  private readonly onOpenLink: (path: string) => void;

  constructor(
    state: SimulatorState,
    onRestart: (state: SimulatorState) => void = restartPage,
    onOpenLink: (path: string) => void = openInWebView,
  ) {
    this.state = state;
    this.onRestart = onRestart;
    this.onOpenLink = onOpenLink;
    this.log.push(...carriedLog());
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = () => this.sequence;

  update(change: Partial<SimulatorState>): void {
    this.state = { ...this.state, ...change };
    if (change.account) {
      this.token = undefined;
      this.mowers = undefined;
    }
    saveState(this.state);
    this.notify();
  }

  clearLog(): void {
    this.log.length = 0;
    this.notify();
  }

  private notify() {
    this.sequence += 1;
    for (const listener of this.listeners) listener();
  }

  private record(entry: Omit<LogEntry, 'id' | 'at'>): LogEntry {
    const full = { id: this.sequence + 1, at: new Date(), ...entry };
    this.log.unshift(full);
    if (this.log.length > 200) this.log.pop();
    this.notify();
    return full;
  }

  /** The native side's answer to each method, checked complete against the bridge's method map. */
  private readonly handlers = {
    closeWebView: () => ok(),
    finishRendering: () => ok(),
    getCommonAppData: () => this.commonAppData(),
    ipSearch: () => ok({ country_code: (navigator.language.split('-')[1] ?? 'DE').toUpperCase().slice(0, 2) }),
    handleEncipherment: async ({ text }) => ok(await this.encipher(text)),
    handleDecrypt: ({ text }) => this.decrypt(text),
    showAppNavigationBar: ({ visible }) => {
      this.navigationBarVisible = visible;
      return ok();
    },
    openExternalURI: ({ uri }) => {
      if (!isAllowedUri(uri, 'external')) return refusedUri(uri);
      // Login with Amazon in the phone's browser: Amazon's consent, then back into the app.
      if (isAmazonConsent(uri, 'external')) this.afterAmazonConsent(uri);
      return ok();
    },
    openGoogleHomeURI: ({ uri }) => {
      if (!isAllowedUri(uri, 'googleHome')) return refusedUri(uri);
      return { code: 0, msg: googleHomeOpens(uri, this.state.installedApps.google_home) };
    },
    openScheme: ({ uri }) => {
      if (!isAllowedUri(uri, 'scheme')) return refusedUri(uri);
      const opened = this.schemeIsInstalled(uri);
      // The Alexa app's consent page, when the Alexa app is there to open it.
      if (opened && isAmazonConsent(uri, 'scheme')) this.afterAmazonConsent(uri);
      return ok({ opened });
    },
    getMowerList: () => this.mowerList(),
    getDevicePermissions: ({ permissions }) => ok(this.permissions(permissions ?? [])),
    openSystemPermissionPage: ({ permission }) => {
      // The tester plays the user who switches the permission on in the system settings.
      this.update({ permissions: { ...this.state.permissions, [permission]: 'granted' } });
      return ok();
    },
    getAppVersion: () =>
      ok({ versionName: versionNameFor(this.state.appVersionCode), versionCode: this.state.appVersionCode }),
    appIsInstall: ({ app }) => ok({ installed: this.state.installedApps[app] ?? false }),
    setAppFlipResult: (params) => ({ code: 0, msg: takeAppFlipResult(params) }),
    changeMowerOpenScheme: ({ vehicle_sn: serial, uri }) => {
      if (uri !== undefined && !isAllowedUri(uri, 'scheme')) return refusedUri(uri);
      return this.changeMower(serial);
    },
    handleH5MowerSet: ({ vehicle_sn }) => this.ownMower(vehicle_sn),
    setWinterStorageMode: (params) => this.setWinterStorageMode(params),
  } satisfies NativeHandlers;

  /** The app answering over the bridge's protocol, every request and answer in the log. */
  private readonly fake = createNativeFake(this.handlers, {
    latencyMs: LATENCY_MS,
    encoding: 'json',
    onUnreadable: (raw) => void this.record({ method: '?', params: raw, note: 'unreadable request' }),
    onRequest: (request) => {
      const started = performance.now();
      const entry = this.record({ method: request.method, params: request.params });
      return (answer) => {
        if ('replies' in answer) return;
        entry.code = answer.code;
        entry.note = answer.msg;
        entry.ms = Math.round(performance.now() - started);
        this.notify();
      };
    },
  });

  /** The transport entry point: what `window.NavimowBridge.postMessage` receives. */
  receive(message: string): void {
    this.fake.receive(message);
  }

  private accessToken(): Promise<string> {
    this.token ??= (async () => {
      const password = DEMO_ACCOUNTS[this.state.account];
      if (!password) throw new Error(`no demo password for ${this.state.account}`);
      const response = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ account: this.state.account, password } satisfies LoginRequest),
      });
      if (!response.ok) throw new Error(`sign-in failed (${response.status})`);
      return ((await response.json()) as TokenResponse).access_token;
    })();
    this.token.catch(() => {
      this.token = undefined;
    });
    return this.token;
  }

  private async loadMowers(): Promise<Mower[]> {
    if (this.mowers) return this.mowers;
    const response = await fetch('/api/mowers', { headers: { Authorization: `Bearer ${await this.accessToken()}` } });
    if (!response.ok) throw new Error(`mower list failed (${response.status})`);
    const body = (await response.json()) as MowerListResponse;
    this.mowers = body.mowers.map((mower) => ({
      vehicle_sn: mower.serial_number,
      name: mower.name,
      model: mower.model,
      role: mower.role,
      battery_percent: mower.battery_percent,
    }));
    if (!this.state.mower || !this.mowers.some((mower) => mower.vehicle_sn === this.state.mower)) {
      this.update({ mower: this.mowers[0]?.vehicle_sn });
    }
    this.notify();
    return this.mowers;
  }

  /** The signed-in account's mowers, loaded for the panel's mower picker. */
  async knownMowers(): Promise<Mower[]> {
    return this.loadMowers();
  }

  /**
   * The panel's "new invitation" control: a fresh pending invitation to the signed-in account from the other
   * demo account, every request of it in the log.
   */
  async createInvitation(language: string): Promise<DemoInvitation> {
    const invitation = await createDemoInvitation({
      invitee: this.state.account,
      inviteeToken: await this.accessToken(),
      language,
      log: (entry) => void this.record(entry),
      lastMower: this.state.invitationMower,
    });
    // Ending an earlier share on the way changed the account's mowers.
    this.mowers = undefined;
    this.update({ invitationMower: invitation.mowerSerial });
    return invitation;
  }

  /** The fake of Amazon's fault switch (server-wide), for the panel: read quietly, changed with a log entry. */
  amazonFault(): Promise<AmazonFaultMode> {
    return readAmazonFault(() => undefined);
  }

  setAmazonFault(mode: AmazonFaultMode): Promise<AmazonFaultMode> {
    return setAmazonFault(mode, (entry) => void this.record(entry));
  }

  private async commonAppData(): Promise<Answer<'getCommonAppData'>> {
    let accessToken: string;
    try {
      accessToken = await this.accessToken();
      await this.loadMowers();
    } catch (error) {
      return failure(NATIVE_FAILURE.notSignedIn, error instanceof Error ? error.message : 'not signed in');
    }
    return ok({
      vehicle_sn: this.state.mower ?? '',
      email: this.state.account,
      client_ver: versionNameFor(this.state.appVersionCode),
      access_token: accessToken,
      platform: this.state.platform,
      os_version: this.state.platform === 'ios' ? '18.5' : '15',
      device_model: 'Navimow simulator',
    });
  }

  private async mowerList(): Promise<Answer<'getMowerList'>> {
    try {
      return ok({ mowers: await this.loadMowers() });
    } catch (error) {
      return failure(NATIVE_FAILURE.notSignedIn, error instanceof Error ? error.message : 'not signed in');
    }
  }

  private permissions(requested: readonly string[]) {
    const all = this.state.permissions;
    const names = requested.length ? requested : Object.keys(all);
    return Object.fromEntries(names.map((name) => [name, all[name as keyof typeof all] ?? 'unsupported']));
  }

  private schemeIsInstalled(uri: string): boolean {
    // Amazon's and Google's linking pages are universal links: they open the app when it is installed.
    const host = /^https:\/\/([^/]+)/i.exec(uri)?.[1]?.toLowerCase() ?? '';
    if (host.startsWith('alexa.amazon.')) return this.state.installedApps.amazon_alexa;
    if (host.endsWith('.google.com')) return this.state.installedApps.google_home;
    return /^navimow:/i.test(uri);
  }

  /**
   * Plays the user on Amazon's consent page once the page has its answer, then follows Amazon's redirect back into
   * this app (the return leg, `/smartHome/alexa/appBind`), with the log carried over as across a restart.
   */
  private afterAmazonConsent(uri: string): void {
    setTimeout(() => {
      void playAmazonConsent({
        uri,
        user: amazonUserFor(this.state.account),
        decision: this.state.amazonConsent,
        log: (entry) => void this.record(entry),
      }).then(
        (back) => {
          if (!back) {
            this.record({ method: 'Amazon', params: {}, note: 'Amazon sent the user to a page outside this app' });
            return;
          }
          carryLog(this.log);
          this.onOpenLink(back);
        },
        (error: unknown) =>
          void this.record({
            method: 'Amazon',
            params: {},
            note: error instanceof Error ? error.message : String(error),
          }),
      );
    }, CONSENT_MS);
  }

  private key(): Promise<CryptoKey> {
    this.cipherKey ??= crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    return this.cipherKey;
  }

  /** AES-GCM with a per-session key, answered as base64(iv + ciphertext) with the Ninebot version suffix. */
  private async encipher(text: string): Promise<string> {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const sealed = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv },
      await this.key(),
      new TextEncoder().encode(text),
    );
    const bytes = new Uint8Array(iv.length + sealed.byteLength);
    bytes.set(iv);
    bytes.set(new Uint8Array(sealed), iv.length);
    return `${toBase64(bytes)}#NB2`;
  }

  private async decrypt(text: string): Promise<Answer<'handleDecrypt'>> {
    try {
      const bytes = fromBase64(text.replace(/#[A-Za-z0-9._-]+$/, ''));
      const plain = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: bytes.slice(0, 12) },
        await this.key(),
        bytes.slice(12),
      );
      return ok(toBase64(new Uint8Array(plain)));
    } catch {
      return failure(NATIVE_FAILURE.badParams, 'cannot decrypt this text');
    }
  }

  private async ownMower(serial: string): Promise<Answer<'handleH5MowerSet'>> {
    const mowers = await this.loadMowers();
    return mowers.some((mower) => mower.vehicle_sn === serial)
      ? ok()
      : failure(NATIVE_FAILURE.badParams, 'this mower is not on the account');
  }

  private async changeMower(serial: string): Promise<Answer<'changeMowerOpenScheme'>> {
    const known = await this.ownMower(serial);
    if (known.code !== 0) return known;
    this.update({ mower: serial });
    // The real app restarts on a mower switch; the simulator reloads the page once the answer is out.
    setTimeout(() => {
      carryLog(this.log);
      this.onRestart(this.state);
    }, LATENCY_MS * 2);
    return { code: 0, msg: `restarting with ${serial}` };
  }

  /** One request of the app to our server with its token, in the log like a bridge call. */
  private async serverCall(
    method: 'PUT' | 'POST',
    path: string,
    body: unknown,
  ): Promise<{ status: number; json: unknown; entry: LogEntry }> {
    const token = await this.accessToken();
    const started = performance.now();
    const response = await fetch(`/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json: unknown = await response.json().catch(() => undefined);
    const error = (json as { error?: { code?: string; message?: string } } | undefined)?.error;
    const entry = this.record({
      method: `${method} /api${path}`,
      params: body,
      code: response.status,
      ms: Math.round(performance.now() - started),
      ...(error && { note: error.message ?? error.code }),
    });
    return { status: response.status, json, entry };
  }

  /** The mower's battery in the app's list follows what the server answered. */
  private remember(status: MowerStatusDto) {
    this.mowers = this.mowers?.map((mower) =>
      mower.vehicle_sn === status.serial_number ? { ...mower, battery_percent: status.battery_percent } : mower,
    );
    this.winterMode = { ...this.winterMode, [status.serial_number]: status.winter_mode };
    this.notify();
  }

  /**
   * The panel's hand on the current mower: what the mower itself would report (a fault, rain, losing or regaining
   * its connection), through the server's simulator-only route. Answers the mower's state afterwards.
   */
  async reportMower(report: SimulatorReport): Promise<MowerStatusDto> {
    const serial = this.state.mower;
    if (!serial) throw new Error('no current mower');
    const { status, json, entry } = await this.serverCall(
      'POST',
      `/simulator/mowers/${encodeURIComponent(serial)}/report`,
      report,
    );
    if (status !== 200) throw new Error(`report failed (${status})`);
    const { changed, status: answer } = json as { changed: boolean; status: MowerStatusDto };
    entry.note = changed
      ? `now ${answer.online ? answer.state : 'offline'}${answer.error_reason ? ` (${answer.error_reason})` : ''}, ${answer.battery_percent} %`
      : 'nothing changed';
    this.remember(answer);
    return answer;
  }

  /** Winter storage is the server's state (`PUT /api/mowers/:serial/winter-mode`); its refusals are the mower's. */
  private async setWinterStorageMode({
    vehicle_sn,
    enabled,
  }: BridgeParams<'setWinterStorageMode'>): Promise<Answer<'setWinterStorageMode'>> {
    const mower = (await this.loadMowers()).find((candidate) => candidate.vehicle_sn === vehicle_sn);
    if (!mower) return failure(NATIVE_FAILURE.badParams, 'this mower is not on the account');
    const { status, json } = await this.serverCall('PUT', `/mowers/${encodeURIComponent(vehicle_sn)}/winter-mode`, {
      enabled,
    } satisfies WinterModeRequest);
    if (status === 409) {
      // Battery under 85 %, working or offline: the mower refuses.
      return failure(
        NATIVE_FAILURE.refused,
        (json as { error?: { message?: string } } | undefined)?.error?.message ?? 'the mower refused',
      );
    }
    if (status === 404) return failure(NATIVE_FAILURE.badParams, 'this mower is not on the account');
    if (status !== 200) throw new Error(`winter mode failed (${status})`);
    const answer = json as MowerStatusDto;
    this.remember(answer);
    return ok({ winter_mode: answer.winter_mode });
  }
}
