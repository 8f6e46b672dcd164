import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MowerStatusDto } from '../../../common/fleet.ts';
import { DEMO } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKinds } from '../../testing/test-database.ts';
import { linkHomeAssistant, tokenEndpoint } from '../../testing/navimow-test-client.ts';
import { basic } from '../../testing/oauth-test-client.ts';

const OWNED = DEMO.mowers.owned.serial;
const SHARED = DEMO.mowers.shared.serial;
const NOT_SHARED = DEMO.mowers.notShared.serial;

/** A page's EventSource, read by hand: the status events as they come. */
async function openStream(base: string, serial: string, ticket: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/mowers/${serial}/live?ticket=${encodeURIComponent(ticket)}`, {
    signal: controller.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  // A read that outlived a wait is kept for the next one, so that no chunk is lost.
  let pending: ReturnType<typeof reader.read> | undefined;
  return {
    response,
    /** The next `status` event, or undefined when none comes within `ms`. */
    async next(ms = 2000): Promise<MowerStatusDto | undefined> {
      const deadline = Date.now() + ms;
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^event: status\ndata: (.*)$/m.exec(block);
          if (data) return JSON.parse(data[1]!) as MowerStatusDto;
          continue;
        }
        const left = deadline - Date.now();
        if (left <= 0) return undefined;
        pending ??= reader.read();
        const chunk = await Promise.race([pending, new Promise<undefined>((resolve) => setTimeout(resolve, left))]);
        if (!chunk) return undefined;
        pending = undefined;
        if (chunk.done) throw new Error('stream ended');
        buffer += chunk.value;
      }
    },
    close: () => controller.abort(),
  };
}

describe.each(testDatabaseKinds)("a page's live stream of a mower on %s", (kind) => {
  let t: TestApp;
  let base: string;
  let headers: { authorization: string };
  let now = Date.parse('2026-06-01T08:00:00.000Z');

  beforeAll(async () => {
    t = await createTestApp(kind, { simulator: true }, { clock: { now: () => now } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    headers = await t.signIn();
  });
  afterAll(async () => {
    await t.close();
  });

  const ticketFor = async (serial: string, auth: Record<string, string> = headers) => {
    const response = await t.app.inject({ method: 'POST', url: `/api/mowers/${serial}/live-tickets`, headers: auth });
    return { status: response.statusCode, ticket: response.json<{ ticket?: string }>().ticket, body: response.json() };
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const report = (serial: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/simulator/mowers/${serial}/report`, headers, payload });

  it("streams the mower's status at once, then each change, without polling", async () => {
    const { status, ticket, body } = await ticketFor(SHARED);
    expect(status).toBe(201);
    expect(body.expires_in).toBe(30);
    const stream = await openStream(base, SHARED, ticket!);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    expect(await stream.next()).toMatchObject({ serial_number: SHARED, state: 'docked', online: true });
    expect(t.liveFeed.streams).toBe(1);

    await report(SHARED, { kind: 'fault', reason: 'lifted' });
    expect(await stream.next()).toMatchObject({ state: 'error', error_reason: 'lifted' });
    // Another mower's change is not this stream's.
    await report(OWNED, { kind: 'offline' });
    expect(await stream.next(300)).toBeUndefined();
    await report(SHARED, { kind: 'offline' });
    expect(await stream.next()).toMatchObject({ online: false });
    await report(SHARED, { kind: 'online' });
    await report(SHARED, { kind: 'clear' });
    await report(OWNED, { kind: 'online' });
    // The battery charging on the station, as the fleet's ticker writes it.
    now += 10 * 60_000;
    await t.fleet.advanceDue();
    let last: MowerStatusDto | undefined;
    for (let status = await stream.next(); status; status = await stream.next(300)) last = status;
    expect(last).toMatchObject({ state: 'docked', online: true, charging: true });
    expect(last!.battery_percent).toBeGreaterThan(40);

    stream.close();
    await expect.poll(() => t.liveFeed.streams).toBe(0);
  });

  it('opens only with a fresh ticket of this account for this mower, once', async () => {
    expect((await fetch(`${base}/api/mowers/${OWNED}/live`)).status).toBe(401);
    expect((await fetch(`${base}/api/mowers/${OWNED}/live?ticket=forged`)).status).toBe(401);

    const { ticket } = await ticketFor(OWNED);
    // Bound to its mower.
    expect((await fetch(`${base}/api/mowers/${SHARED}/live?ticket=${ticket}`)).status).toBe(401);
    // ... and taken by that first try: single use.
    expect((await fetch(`${base}/api/mowers/${OWNED}/live?ticket=${ticket}`)).status).toBe(401);

    const once = (await ticketFor(OWNED)).ticket!;
    const first = await openStream(base, OWNED, once);
    expect(first.response.status).toBe(200);
    first.close();
    expect((await fetch(`${base}/api/mowers/${OWNED}/live?ticket=${once}`)).status).toBe(401);

    const late = (await ticketFor(OWNED)).ticket!;
    now += 31_000;
    const expired = await fetch(`${base}/api/mowers/${OWNED}/live?ticket=${late}`);
    expect(expired.status).toBe(401);
    expect((await expired.json()).error.code).toBe('invalid_ticket');
  });

  /** A stream of the mower shared with the demo owner, its first status read, and the share as it is now. */
  async function watchSharedMower() {
    const stream = await openStream(base, SHARED, (await ticketFor(SHARED)).ticket!);
    expect(await stream.next()).toMatchObject({ serial_number: SHARED });
    const share = await t.db
      .selectFrom('mower_shares')
      .selectAll()
      .where('mower_serial', '=', SHARED)
      .executeTakeFirstOrThrow();
    return { stream, share };
  }

  it('ends the stream once the share it watches has ended, before sending the next status', async () => {
    const { stream, share } = await watchSharedMower();
    // Ended behind this process's back (as another process would): no word of it here.
    await t.db.deleteFrom('mower_shares').where('mower_serial', '=', SHARED).execute();
    try {
      // Within half a minute the stream still trusts its last check; after it, the next change is checked before
      // it goes out: the former sharer never sees it.
      now += 31_000;
      await t.fleet.report(SHARED, { kind: 'offline' });
      await expect(stream.next(2000)).rejects.toThrow('stream ended');
      await expect.poll(() => t.liveFeed.streams).toBe(0);
    } finally {
      await t.db.insertInto('mower_shares').values(share).execute();
      await t.fleet.report(SHARED, { kind: 'online' });
    }
  });

  it("ends a former sharer's stream at once when the share ends, with no state after it", async () => {
    const { stream, share } = await watchSharedMower();
    // The sharer leaves; the clock stands still, so no half-minute passes.
    const ended = await t.app.inject({ method: 'DELETE', url: `/api/sharing/mowers/${SHARED}/shares/me`, headers });
    expect(ended.statusCode).toBe(204);
    try {
      await expect.poll(() => t.liveFeed.streams).toBe(0);
      await t.fleet.report(SHARED, { kind: 'fault', reason: 'stuck' });
      await expect(stream.next(1000)).rejects.toThrow('stream ended');
    } finally {
      await t.db.insertInto('mower_shares').values(share).execute();
      await t.fleet.report(SHARED, { kind: 'clear' });
    }
  });

  it('ends the stream at once when the session it was opened under signs out; another session streams on', async () => {
    const leaving = await t.signIn();
    const stream = await openStream(base, OWNED, (await ticketFor(OWNED, leaving)).ticket!);
    const staying = await openStream(base, OWNED, (await ticketFor(OWNED)).ticket!);
    expect(await stream.next()).toMatchObject({ serial_number: OWNED });
    expect(await staying.next()).toMatchObject({ serial_number: OWNED });
    // A ticket taken before the sign-out and used after it opens nothing.
    const unused = (await ticketFor(OWNED, leaving)).ticket!;

    // The clock stands still: no half-minute check, the sign-out itself ends it.
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: leaving });
    expect(out.statusCode).toBeLessThan(300);
    await expect(stream.next(2000)).rejects.toThrow('stream ended');
    expect((await fetch(`${base}/api/mowers/${OWNED}/live?ticket=${unused}`)).status).toBe(401);

    await report(OWNED, { kind: 'offline' });
    expect(await staying.next()).toMatchObject({ online: false });
    await report(OWNED, { kind: 'online' });
    staying.close();
    await expect.poll(() => t.liveFeed.streams).toBe(0);
  });

  it('ends the stream before the next status when its session ended unannounced (another process)', async () => {
    const other = await t.signIn();
    const stream = await openStream(base, OWNED, (await ticketFor(OWNED, other)).ticket!);
    expect(await stream.next()).toMatchObject({ serial_number: OWNED });
    // The session just signed in, revoked in the database only: no announcement reaches this process.
    const { id } = await t.db
      .selectFrom('sessions')
      .select('id')
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('sessions').set({ revoked_at: new Date().toISOString() }).where('id', '=', id).execute();
    try {
      now += 31_000;
      await t.fleet.report(OWNED, { kind: 'offline' });
      await expect(stream.next(2000)).rejects.toThrow('stream ended');
    } finally {
      await t.fleet.report(OWNED, { kind: 'online' });
    }
  });

  it("ends a linked service's stream at once when the owner unlinks it", async () => {
    const services = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/voice-links/services', headers }))
        .json<{ services: { id: string }[] }>()
        .services.map((service) => service.id);
    const before = new Set(await services());
    const linked = await linkHomeAssistant(t.app, { account: DEMO.owner.email, password: DEMO.owner.password });
    const grant = (await services()).find((id) => !before.has(id))!;
    const service = { authorization: `Bearer ${linked.access_token}` };
    const stream = await openStream(base, OWNED, (await ticketFor(OWNED, service)).ticket!);
    expect(await stream.next()).toMatchObject({ serial_number: OWNED });

    const unlinked = await t.app.inject({
      method: 'DELETE',
      url: `/api/voice-links/services/${encodeURIComponent(grant)}`,
      headers,
    });
    expect(unlinked.statusCode).toBe(204);
    await expect(stream.next(2000)).rejects.toThrow('stream ended');
    await expect.poll(() => t.liveFeed.streams).toBe(0);
  });

  it("ends a linked service's stream when the access token it was opened with is revoked (issue 34, item 7)", async () => {
    const linked = await linkHomeAssistant(t.app, { account: DEMO.owner.email, password: DEMO.owner.password });
    const other = await linkHomeAssistant(t.app, { account: DEMO.owner.email, password: DEMO.owner.password });
    const stream = await openStream(base, OWNED, (await ticketFor(OWNED, bearer(linked.access_token))).ticket!);
    const kept = await openStream(base, OWNED, (await ticketFor(OWNED, bearer(other.access_token))).ticket!);
    expect(await stream.next()).toMatchObject({ serial_number: OWNED });
    expect(await kept.next()).toMatchObject({ serial_number: OWNED });
    // A ticket taken with the token before its revocation opens nothing after it.
    const unused = (await ticketFor(OWNED, bearer(linked.access_token))).ticket!;

    const revoked = await t.app.inject({
      method: 'POST',
      url: '/oauth/revoke',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic('homeassistant', 'homeassistant-demo-secret'),
      },
      payload: new URLSearchParams({ token: linked.access_token, token_type_hint: 'access_token' }).toString(),
    });
    expect(revoked.statusCode).toBe(200);
    await expect(stream.next(2000)).rejects.toThrow('stream ended');
    expect((await fetch(`${base}/api/mowers/${OWNED}/live?ticket=${unused}`)).status).toBe(401);
    // The link ends with it: its refresh token makes no new access token (decision record 036).
    const refreshed = await tokenEndpoint(t.app, { grant_type: 'refresh_token', refresh_token: linked.refresh_token });
    expect(refreshed.json()).toMatchObject({ error: 'invalid_grant' });

    // Another link of the same service and account streams on.
    await report(OWNED, { kind: 'offline' });
    expect(await kept.next()).toMatchObject({ online: false });
    await report(OWNED, { kind: 'online' });
    kept.close();
    await expect.poll(() => t.liveFeed.streams).toBe(0);
  });

  it("gives no ticket for another account's mower or without a token", async () => {
    expect((await ticketFor(NOT_SHARED)).status).toBe(404);
    expect((await ticketFor(OWNED, {})).status).toBe(401);
    // A linked service may read, so it may watch too.
    const linked = await linkHomeAssistant(t.app, { account: DEMO.owner.email, password: DEMO.owner.password });
    expect((await ticketFor(OWNED, { authorization: `Bearer ${linked.access_token}` })).status).toBe(201);
  });
});
