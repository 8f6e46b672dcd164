import { EventEmitter } from 'node:events';

/**
 * The thinnest stand-in for `@iobroker/adapter-core` that ioBroker.navimow's `main.js` runs on: the `Adapter` base
 * class with the methods it and json2iob call, states and objects kept in memory. ioBroker's js-controller would
 * keep them in its databases and deliver changes between processes; here the test plays the host: it starts the
 * adapter, writes what a user writes, fires the adapter's timers on its own clock and stops it.
 * server/conformance/iobroker-adapter.test.ts puts it in place of the real package when main.js requires it.
 */

export interface IoBrokerState {
  val: unknown;
  ack: boolean;
  ts: number;
}

export interface IoBrokerLogLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  at: number;
}

interface Timer {
  at: number;
  run: () => unknown;
}

/** js-controller's `FORBIDDEN_CHARS`: what an object id may not hold. */
const FORBIDDEN_CHARS = /[^._\-/ :!#$%&()+=@^{}|~\p{Ll}\p{Lu}\p{Nd}]+/gu;

export class Adapter extends EventEmitter {
  readonly FORBIDDEN_CHARS = FORBIDDEN_CHARS;
  readonly namespace: string;
  config: Record<string, unknown>;
  readonly states = new Map<string, IoBrokerState>();
  readonly objects = new Map<string, Record<string, unknown>>();
  /** Written to the adapter's own instance object (`extendForeignObject`), e.g. the auth code it clears. */
  readonly instanceNative: Record<string, unknown> = {};
  readonly logLines: IoBrokerLogLine[] = [];
  readonly log = {
    debug: (message: string) => this.logLines.push({ level: 'debug', message, at: Date.now() }),
    info: (message: string) => this.logLines.push({ level: 'info', message, at: Date.now() }),
    warn: (message: string) => this.logLines.push({ level: 'warn', message, at: Date.now() }),
    error: (message: string) => this.logLines.push({ level: 'error', message, at: Date.now() }),
  };
  private readonly timers = new Set<Timer>();
  private subscribed = false;

  constructor(options: { name: string; config?: Record<string, unknown> }) {
    super();
    this.namespace = `${options.name}.0`;
    this.config = { ...options.config };
  }

  private fullId(id: string) {
    return id.startsWith(`${this.namespace}.`) ? id : `${this.namespace}.${id}`;
  }

  // The host's own: 'ready' once connected, and the adapter's handlers are async, so the test awaits them.
  async start(): Promise<void> {
    await Promise.all(this.listeners('ready').map((listener) => (listener as () => unknown)()));
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.listeners('unload').map(
        (listener) => new Promise<void>((resolve) => (listener as (callback: () => void) => void)(resolve)),
      ),
    );
  }

  /** A user (or a script) writes a state: ack false, delivered as a state change. */
  userWrites(id: string, val: unknown): void {
    this.writeState(this.fullId(id), { val, ack: false });
  }

  /** Fires the timers that are due by now, in order, and waits for what they started. */
  async runDueTimers(): Promise<void> {
    for (;;) {
      const due = [...this.timers].filter((timer) => timer.at <= Date.now()).sort((a, b) => a.at - b.at)[0];
      if (!due) return;
      this.timers.delete(due);
      await due.run();
    }
  }

  stateOf(id: string): IoBrokerState | undefined {
    return this.states.get(this.fullId(id));
  }

  private writeState(id: string, { val, ack }: { val: unknown; ack: boolean }) {
    const state = { val, ack, ts: Date.now() };
    this.states.set(id, state);
    // js-controller delivers a change to the subscriber a moment later, never within the write.
    if (this.subscribed) queueMicrotask(() => this.emit('stateChange', id, state));
  }

  setState(id: string, value: unknown, ack?: boolean): void {
    const state =
      value !== null && typeof value === 'object' && 'val' in value
        ? (value as { val: unknown; ack?: boolean })
        : { val: value, ack };
    this.writeState(this.fullId(id), { val: state.val, ack: state.ack ?? false });
  }

  async setStateAsync(id: string, value: unknown, ack?: boolean): Promise<void> {
    this.setState(id, value, ack);
  }

  async getStateAsync(id: string): Promise<IoBrokerState | null> {
    return this.states.get(this.fullId(id)) ?? null;
  }

  async setObjectNotExistsAsync(id: string, object: Record<string, unknown>): Promise<void> {
    if (!this.objects.has(this.fullId(id))) this.objects.set(this.fullId(id), object);
  }

  async extendObjectAsync(id: string, object: Record<string, unknown>): Promise<void> {
    const existing = this.objects.get(this.fullId(id)) ?? {};
    const common = { ...(existing.common as object), ...(object.common as object) };
    this.objects.set(this.fullId(id), { ...existing, ...object, common });
  }

  async delObjectAsync(id: string): Promise<void> {
    this.objects.delete(this.fullId(id));
    this.states.delete(this.fullId(id));
  }

  extendForeignObject(id: string, object: { native?: Record<string, unknown> }): void {
    if (id === `system.adapter.${this.namespace}`) Object.assign(this.instanceNative, object.native);
  }

  subscribeStates(pattern: string): void {
    if (pattern !== '*') throw new Error(`the stand-in subscribes to all of its states only, not ${pattern}`);
    this.subscribed = true;
  }

  setTimeout(run: () => unknown, ms: number): Timer {
    const timer = { at: Date.now() + ms, run };
    this.timers.add(timer);
    return timer;
  }

  clearTimeout(timer: Timer | undefined): void {
    if (timer) this.timers.delete(timer);
  }
}
