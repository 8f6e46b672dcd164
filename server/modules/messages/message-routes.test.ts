import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MessageDto } from '../../../common/messages.ts';
import { DEMO, DEMO_MESSAGES } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKinds } from '../../testing/test-database.ts';
import { postMessage } from './message-queries.ts';

type Headers = Record<string, string>;

describe.each(testDatabaseKinds)('message centre API on %s', (kind) => {
  let t: TestApp;
  let owner: Headers;
  let friend: Headers;
  beforeEach(async () => {
    t = await createTestApp(kind);
    owner = await t.signIn();
    friend = await t.signIn(DEMO.friend.email, DEMO.friend.password);
  });
  afterEach(() => t.close());

  const get = (url: string, headers: Headers = owner) =>
    t.app.inject({ method: 'GET', url: `/api/messages${url}`, headers });
  const post = (url: string, payload?: object, headers: Headers = owner) =>
    t.app.inject({ method: 'POST', url: `/api/messages${url}`, headers, ...(payload && { payload }) });
  const ids = (messages: MessageDto[]) => messages.map((message) => message.id);

  async function readAll(query: string, headers: Headers = owner): Promise<MessageDto[]> {
    const all: MessageDto[] = [];
    let cursor: string | null = null;
    do {
      const page = await get(`?${query}${cursor ? `&cursor=${cursor}` : ''}`, headers);
      expect(page.statusCode).toBe(200);
      all.push(...page.json().messages);
      cursor = page.json().next_cursor;
    } while (cursor);
    return all;
  }

  it('lists the last 30 days newest first, and older messages as history', async () => {
    const recent = await readAll('limit=5');
    const history = await readAll('window=history&limit=5');
    const mine = DEMO_MESSAGES.filter((message) => message.account !== 'friend').toSorted((a, b) => a.ago - b.ago);
    expect(ids([...recent, ...history])).toEqual(mine.map((message) => message.id));
    expect(recent.every((message) => Date.parse(message.created_at) > Date.now() - 30 * 24 * 3600e3)).toBe(true);
    expect(history.length).toBeGreaterThan(0);
    const fault = recent.find((message) => message.id === 'demo-msg-stuck')!;
    expect(fault).toMatchObject({
      category: 'important',
      type: 'fault',
      params: { reason: 'stuck' },
      fault_code: 'E-203',
      read: false,
      mower: { serial_number: DEMO.mowers.owned.serial, name: DEMO.mowers.owned.name },
    });
  });

  it('filters by category and counts unread per category', async () => {
    const important = await readAll('category=important');
    expect(important.every((message) => message.category === 'important')).toBe(true);
    const { unread } = (await get('/unread-counts')).json();
    const recentUnread = (await readAll('')).filter((message) => !message.read);
    expect(unread.all).toBe(recentUnread.length);
    expect(unread.important).toBe(recentUnread.filter((message) => message.category === 'important').length);
    expect(Object.keys(unread).sort()).toEqual(['all', 'device', 'important', 'notification', 'system', 'workLog']);
  });

  it('reaches a shared mower’s messages to everyone who shares it, and nobody else’s', async () => {
    const friendMessages = ids(await readAll('', friend));
    expect(friendMessages).toContain('demo-msg-blade');
    expect(friendMessages).not.toContain('demo-msg-stuck');
    expect(ids(await readAll(''))).toContain('demo-msg-blade');
    expect((await get('/demo-msg-stuck', friend)).statusCode).toBe(404);
    expect((await post('/demo-msg-stuck/read', undefined, friend)).statusCode).toBe(404);
  });

  it('pages without gaps or duplicates while new messages arrive', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let arrivals = 0;
    do {
      const page = await get(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...ids(page.json().messages));
      cursor = page.json().next_cursor;
      arrivals += 1;
      await postMessage(t.db, {
        id: `new-${arrivals}`,
        mowerSerial: DEMO.mowers.owned.serial,
        category: 'workLog',
        type: 'mowingStarted',
        params: {},
        severity: 'info',
      });
    } while (cursor);
    const before = DEMO_MESSAGES.filter((message) => message.account !== 'friend' && message.ago < 30 * 24 * 3600e3)
      .toSorted((a, b) => a.ago - b.ago)
      .map((message) => message.id);
    expect(seen).toEqual(before);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('marks one message read, once, as its reader opens it', async () => {
    expect((await post('/demo-msg-stuck/read')).statusCode).toBe(204);
    expect((await post('/demo-msg-stuck/read')).statusCode).toBe(204);
    expect((await get('/demo-msg-stuck')).json().message.read).toBe(true);
    // The friend's copy of a shared message keeps its own state.
    await post('/demo-msg-blade/read');
    expect((await get('/demo-msg-blade', friend)).json().message.read).toBe(false);
  });

  it('marks all read up to the newest seen message, leaving one that arrives meanwhile unread', async () => {
    const newest = (await get('?limit=1')).json().messages[0] as MessageDto;
    const [marked] = await Promise.all([
      post('/mark-all-read', { category: 'all', up_to: newest.created_at }),
      postMessage(t.db, {
        id: 'arrived-meanwhile',
        mowerSerial: DEMO.mowers.owned.serial,
        category: 'important',
        type: 'fault',
        params: { reason: 'lifted' },
        severity: 'critical',
        faultCode: 'E-105',
      }),
    ]);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().marked).toBeGreaterThan(0);
    const { unread } = (await get('/unread-counts')).json();
    expect(unread).toMatchObject({ all: 1, important: 1, workLog: 0 });
    expect((await get('/arrived-meanwhile')).json().message.read).toBe(false);
  });

  it('marks all read in one category only', async () => {
    await post('/mark-all-read', { category: 'workLog', up_to: new Date().toISOString() });
    const { unread } = (await get('/unread-counts')).json();
    expect(unread.workLog).toBe(0);
    expect(unread.important).toBeGreaterThan(0);
  });

  it('answers bad input with a clear 400 naming the field, changing nothing', async () => {
    const cases: [string, string][] = [
      ['?category=spam', 'querystring.category'],
      ['?window=future', 'querystring.window'],
      ['?limit=0', 'querystring.limit'],
      ['?limit=500', 'querystring.limit'],
      ['?cursor=not-a-cursor', 'querystring.cursor'],
      [`?cursor=${Buffer.from('["x",1]').toString('base64url')}`, 'querystring.cursor'],
      ['/has%20space', 'params.id'],
    ];
    for (const [url, field] of cases) {
      const response = await get(url);
      expect([response.statusCode, response.json().error.field], url).toEqual([400, field]);
    }
    for (const body of [
      { category: 'all' },
      { category: 'nope', up_to: new Date().toISOString() },
      { category: 'all', up_to: 'yesterday' },
    ]) {
      expect((await post('/mark-all-read', body)).statusCode).toBe(400);
    }
    expect((await get('/no-such-message')).statusCode).toBe(404);
    expect((await get('/unread-counts')).json().unread.all).toBeGreaterThan(0);
    expect((await get('', {})).statusCode).toBe(401);
  });
});
