/**
 * Prometheus's metrics (issue 35; docs/decisions/037-operations-metrics.md): scraped from the metrics listener as
 * Prometheus does, parsed, and checked to move with what they count.
 */
import { spawn } from 'node:child_process';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from './db/seed.ts';
import { metricsServer } from './metrics.ts';
import { testDatabaseKinds } from './testing/test-database.ts';
import { createTestApp, listeningMqtt, type TestApp } from './testing/test-app.ts';
import { freePort } from './testing/server-process.ts';

const OWNED = DEMO.mowers.owned.serial;
const root = new URL('..', import.meta.url).pathname;

/** The samples of a scrape in Prometheus's text format, by name and labels (`name{a="1",b="2"}`). */
function parse(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not Prometheus's text format: ${line}`);
    samples.set(`${match[1]}${match[2] ?? ''}`, Number(match[3]));
  }
  return samples;
}

describe.each(testDatabaseKinds)('metrics on %s', (kind) => {
  let t: TestApp;
  const scrape = async () => {
    const response = await metricsServer(t.metrics).inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parse(response.body);
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { mqtt: listeningMqtt() });
    // A request that the database fails, as a restarting PostgreSQL fails it (the error handler answers 503).
    t.app.get('/api/test-outage', async () => {
      throw Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
    });
    await t.app.ready();
  });
  afterAll(async () => t.close());

  it('counts requests and their time by route pattern and status, never by the raw URL', async () => {
    const { authorization } = await t.signIn();
    const route = 'method="GET",route="/api/mowers/:serial/status"';
    const before = await scrape();
    for (const serial of [OWNED, DEMO.mowers.shared.serial]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/mowers/${serial}/status`,
        headers: { authorization },
      });
      expect(response.statusCode).toBe(200);
    }
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing/42' });
    const after = await scrape();
    const requests = `navimow_http_requests_total{${route},status="200"}`;
    expect(after.get(requests)! - (before.get(requests) ?? 0)).toBe(2);
    const timed = `navimow_http_request_duration_seconds_count{${route}}`;
    expect(after.get(timed)! - (before.get(timed) ?? 0)).toBe(2);
    expect(after.get(`navimow_http_request_duration_seconds_bucket{le="+Inf",${route}}`)).toBe(after.get(timed));
    expect(after.get('navimow_http_requests_total{method="GET",route="unmatched",status="404"}')).toBeGreaterThan(0);
    expect([...after.keys()].filter((name) => name.includes(OWNED) || name.includes('no-such-thing'))).toEqual([]);
  });

  it("counts the database's failures, and shows PostgreSQL's pool", async () => {
    const before = await scrape();
    const failed = await t.app.inject({ method: 'GET', url: '/api/test-outage' });
    expect(failed.statusCode).toBe(503);
    const after = await scrape();
    const errors = 'navimow_database_errors_total{kind="unavailable"}';
    expect(after.get(errors)! - (before.get(errors) ?? 0)).toBe(1);
    if (kind === 'postgres') {
      expect(after.get('navimow_database_pool_connections{state="total"}')).toBeGreaterThan(0);
      expect(after.get('navimow_database_pool_connections{state="waiting"}')).toBe(0);
      expect(after.get('navimow_database_pool_max')).toBe(10);
    } else {
      expect(after.has('navimow_database_pool_connections{state="total"}')).toBe(false);
    }
  });

  it("counts the embedded broker's clients and messages", async () => {
    const { authorization } = await t.signIn();
    const info = (
      await t.app.inject({ method: 'GET', url: '/openapi/mqtt/userInfo/get/v2', headers: { authorization } })
    ).json().data as { userName: string; pwdInfo: string };
    const before = await scrape();
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.mqttPort()}`, {
      username: info.userName,
      password: info.pwdInfo,
      reconnectPeriod: 0,
    });
    try {
      await t.fleet.report(OWNED, { kind: 'fault', reason: 'stuck' });
      await t.fleet.report(OWNED, { kind: 'clear' });
      const after = await scrape();
      expect(after.get('navimow_mqtt_clients')).toBe(1);
      expect(after.get('navimow_mqtt_connections_total')! - (before.get('navimow_mqtt_connections_total') ?? 0)).toBe(
        1,
      );
      const server = 'navimow_mqtt_messages_total{source="server"}';
      // Each change: its events, the retained state and the attributes.
      expect(after.get(server)! - (before.get(server) ?? 0)).toBeGreaterThanOrEqual(4);
    } finally {
      await client.endAsync(true);
    }
  });

  it('counts requests of commands the command budget refused, by the bucket that was spent', async () => {
    const before = await scrape();
    // More than a minute's budget of both the account and the mower: the account's bucket (drawn first) refuses.
    const commands = Array.from({ length: 1000 }, () => ({ serial: OWNED, command: 'start' as const }));
    expect((await t.commandBudget.take(DEMO.owner.id, commands)).admitted).toBe(false);
    const after = await scrape();
    const refused = 'navimow_command_budget_refused_total{bucket="account"}';
    expect(after.get(refused)! - (before.get(refused) ?? 0)).toBe(1);
    expect(after.get('navimow_command_budget_refused_total{bucket="mower"}')).toBe(
      before.get('navimow_command_budget_refused_total{bucket="mower"}') ?? 0,
    );
  });

  it("shows the process's event-loop delay", async () => {
    const samples = await scrape();
    expect(samples.get('nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);
  });
});

describe('the metrics listener of a running server', () => {
  it('serves /metrics on METRICS_PORT, on 127.0.0.1 only by default, and not on the public port', async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const child = spawn(process.execPath, [`${root}server/main.ts`], {
      env: {
        ...process.env,
        NAVIMOW_DEMO: 'on',
        DATABASE_URL: 'file::memory:',
        WEB_ROOT: `${root}server/testing/no-web-build`,
        LOG_LEVEL: 'error',
        MQTT_PORT: 'off',
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
      },
      stdio: 'ignore',
    });
    try {
      let scraped: Response | undefined;
      for (let attempt = 0; attempt < 200 && !scraped; attempt++) {
        scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).catch(() => undefined);
        if (!scraped) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(scraped?.status).toBe(200);
      expect(await scraped!.text()).toMatch(/^# HELP navimow_http_requests_total /m);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }, 60_000);
});
