import * as Sentry from '@sentry/react';
import { describe, expect, it, vi } from 'vitest';
import { createSentryReporter, SAMPLING } from './sentry.ts';

vi.mock('@sentry/react', () => ({
  init: vi.fn(),
  browserTracingIntegration: vi.fn(() => ({ name: 'BrowserTracing' })),
  replayIntegration: vi.fn(() => ({ name: 'Replay' })),
  captureException: vi.fn(),
  addBreadcrumb: vi.fn(),
  setTags: vi.fn(),
  addEventProcessor: vi.fn(),
}));

describe('createSentryReporter', () => {
  it('samples traces at 50 %, sessions at 10 % and error sessions at 100 %, in the host’s environment', () => {
    createSentryReporter('https://key@o1.ingest.sentry.io/1');
    const options = vi.mocked(Sentry.init).mock.calls[0]![0]!;
    expect(SAMPLING).toEqual({ tracesSampleRate: 0.5, replaysSessionSampleRate: 0.1, replaysOnErrorSampleRate: 1 });
    expect(options).toMatchObject({ ...SAMPLING, environment: 'local', dsn: 'https://key@o1.ingest.sentry.io/1' });
    expect(Sentry.replayIntegration).toHaveBeenCalledWith(
      expect.objectContaining({ maskAllText: true, blockAllMedia: true }),
    );
  });

  it('scrubs personal data from every event and breadcrumb before it leaves the phone', () => {
    createSentryReporter('https://key@o1.ingest.sentry.io/1');
    const options = vi.mocked(Sentry.init).mock.calls.at(-1)![0]!;
    const event = options.beforeSend!(
      {
        message: 'login failed for demo@navimow.example on NVM-DEMO-0001',
        user: { email: 'demo@navimow.example' },
        request: { url: 'https://x.example/cb?code=secret-code&state=abc' },
      } as Sentry.ErrorEvent,
      {},
    ) as Sentry.ErrorEvent;
    const text = JSON.stringify(event);
    for (const secret of ['demo@navimow.example', 'NVM-DEMO-0001', 'secret-code']) expect(text).not.toContain(secret);
    const crumb = options.beforeBreadcrumb!({ message: 'GET /api/x?access_token=tok123' });
    expect(JSON.stringify(crumb)).not.toContain('tok123');
  });

  it('scrubs the addresses a session replay records and lists, which no beforeSend sees', () => {
    createSentryReporter('https://key@o1.ingest.sentry.io/1');
    const { beforeAddRecordingEvent } = vi.mocked(Sentry.replayIntegration).mock.calls.at(-1)![0]!;
    const href = 'https://navimow.example/smartHome/alexa/appBind?code=amazon-code&state=our-state';
    const meta = beforeAddRecordingEvent!({ type: 4, timestamp: 1, data: { href, width: 400, height: 800 } } as never);
    const request = beforeAddRecordingEvent!({
      type: 5,
      timestamp: 2,
      data: {
        tag: 'performanceSpan',
        payload: { op: 'resource.fetch', description: '/api/mowers/NVM-DEMO-0001/status' },
      },
    } as never);
    expect(JSON.stringify([meta, request])).not.toMatch(/amazon-code|our-state|NVM-DEMO-0001/);
    const processor = vi.mocked(Sentry.addEventProcessor).mock.calls.at(-1)![0];
    const replay = processor({ type: 'replay_event', urls: [href] } as never, {}) as { urls: string[] };
    expect(JSON.stringify(replay)).not.toMatch(/amazon-code|our-state/);
  });
});
