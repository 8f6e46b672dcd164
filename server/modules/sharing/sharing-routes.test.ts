import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKinds } from '../../testing/test-database.ts';
import { createAccount } from '../accounts/public.ts';
import { INVITATIONS_PER_ACCOUNT_PER_HOUR } from './sharing-routes.ts';

type Headers = Record<string, string>;

describe.each(testDatabaseKinds)('mower sharing on %s', (kind) => {
  let t: TestApp;
  let owner: { authorization: string };
  let friend: { authorization: string };
  beforeEach(async () => {
    t = await createTestApp(kind);
    owner = await t.signIn();
    friend = await t.signIn(DEMO.friend.email, DEMO.friend.password);
  });
  afterEach(() => t.close());

  const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url: `/api/sharing${url}`, headers });
  const post = (url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api/sharing${url}`, headers, ...(payload && { payload }) });
  const mowerSerials = async (headers: Headers) =>
    (await t.app.inject({ method: 'GET', url: '/api/mowers', headers }))
      .json<{ mowers: { serial_number: string }[] }>()
      .mowers.map((mower) => mower.serial_number);
  const invite = (headers: Headers, mowerSerial: string, invitee: string) =>
    post('/invitations', headers, { mower_serial: mowerSerial, invitee });
  const stranger = async () => {
    await createAccount(t.db, {
      email: 'stranger@navimow.example',
      password: 'Stranger-pass-1',
      displayName: 'Robin Stranger',
    });
    return t.signIn('stranger@navimow.example', 'Stranger-pass-1');
  };
  const errorCode = (response: { json(): unknown }) => (response.json() as { error: { code: string } }).error.code;

  it('shows the invitee who invites and to which mower, with the state the server decides', async () => {
    const pending = await get(`/invitations/${DEMO.invitations.pending}`, owner);
    expect(pending.statusCode).toBe(200);
    expect(pending.json().invitation).toMatchObject({
      state: 'pending',
      inviter_name: DEMO.friend.displayName,
      mower: { serial_number: DEMO.mowers.notShared.serial, model: DEMO.mowers.notShared.model },
      for_me: true,
    });
    expect((await get(`/invitations/${DEMO.invitations.expired}`, owner)).json().invitation.state).toBe('expired');
    expect((await get(`/invitations/${DEMO.invitations.accepted}`, owner)).json().invitation.state).toBe('accepted');
  });

  it('accepts a pending invitation: the mower joins the invitee’s list and both manage it', async () => {
    const accepted = await post(`/invitations/${DEMO.invitations.pending}/accept`, owner);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().invitation.state).toBe('accepted');
    expect(await mowerSerials(owner)).toContain(DEMO.mowers.notShared.serial);
    const shares = await get(`/mowers/${DEMO.mowers.notShared.serial}/shares`, friend);
    expect(shares.json().shares.map((share: { role: string }) => share.role)).toEqual(['owner', 'shared']);
  });

  it('gives one transition for a double tap, a retry or two devices at once, and never a duplicate share', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post(`/invitations/${DEMO.invitations.pending}/accept`, owner)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((answer) => answer.json().invitation.responded_at)).size).toBe(1);
    expect((await mowerSerials(owner)).filter((serial) => serial === DEMO.mowers.notShared.serial)).toHaveLength(1);
    const retry = await post(`/invitations/${DEMO.invitations.pending}/accept`, owner);
    expect(retry.statusCode).toBe(200);
  });

  it('decides a race between accept and reject for exactly one of them', async () => {
    const [accept, reject] = await Promise.all([
      post(`/invitations/${DEMO.invitations.pending}/accept`, owner),
      post(`/invitations/${DEMO.invitations.pending}/reject`, owner),
    ]);
    expect([accept.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
    const shared = (await mowerSerials(owner)).includes(DEMO.mowers.notShared.serial);
    expect(shared).toBe(accept.statusCode === 200);
  });

  it('rejects once; the rejected invitation cannot be accepted, only renewed by a new one from the inviter', async () => {
    expect((await post(`/invitations/${DEMO.invitations.pending}/reject`, owner)).json().invitation.state).toBe(
      'rejected',
    );
    expect((await post(`/invitations/${DEMO.invitations.pending}/reject`, owner)).statusCode).toBe(200);
    const accept = await post(`/invitations/${DEMO.invitations.pending}/accept`, owner);
    expect(accept.statusCode).toBe(409);
    expect(errorCode(accept)).toBe('invitation_rejected');
    expect(await mowerSerials(owner)).not.toContain(DEMO.mowers.notShared.serial);

    const renewed = await invite(friend, DEMO.mowers.notShared.serial, DEMO.owner.email);
    expect(renewed.statusCode).toBe(201);
    expect((await post(`/invitations/${renewed.json().invitation.id}/accept`, owner)).statusCode).toBe(200);
  });

  it('refuses to answer an expired invitation, and changes nothing', async () => {
    const accept = await post(`/invitations/${DEMO.invitations.expired}/accept`, owner);
    expect(accept.statusCode).toBe(410);
    expect(accept.json()).toEqual({ error: { code: 'invitation_expired', message: 'Invitation expired' } });
    expect((await post(`/invitations/${DEMO.invitations.expired}/reject`, owner)).statusCode).toBe(410);
    expect(await mowerSerials(owner)).not.toContain(DEMO.mowers.notShared.serial);
  });

  it('keeps invitations to their two accounts: others get a clear 403, unknown ids 404, bad ids 400', async () => {
    const other = await stranger();
    for (const action of ['', '/accept', '/reject']) {
      const response = action
        ? await post(`/invitations/${DEMO.invitations.pending}${action}`, other)
        : await get(`/invitations/${DEMO.invitations.pending}`, other);
      expect(response.statusCode).toBe(403);
      expect(errorCode(response)).toBe('invitation_not_for_you');
    }
    // The inviter sees it, but cannot answer it in the invitee's place.
    expect((await get(`/invitations/${DEMO.invitations.pending}`, friend)).json().invitation.for_me).toBe(false);
    expect((await post(`/invitations/${DEMO.invitations.pending}/accept`, friend)).statusCode).toBe(403);
    expect((await get('/invitations/00000000-0000-4000-8000-000000000000', owner)).statusCode).toBe(404);
    const malformed = await get('/invitations/not%20an%20id', owner);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.field).toBe('params.id');
    expect((await get(`/invitations/${DEMO.invitations.pending}`, {})).statusCode).toBe(401);
    expect((await get(`/invitations/${DEMO.invitations.pending}`, owner)).json().invitation.state).toBe('pending');
  });

  it('lets one account look up at most INVITATIONS_PER_ACCOUNT_PER_HOUR invitees an hour, in parallel too', async () => {
    const asked = await Promise.all(
      Array.from({ length: INVITATIONS_PER_ACCOUNT_PER_HOUR + 3 }, (_, i) =>
        invite(owner, DEMO.mowers.owned.serial, `nobody-${i}@navimow.example`),
      ),
    );
    const statuses = asked.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 404)).toHaveLength(INVITATIONS_PER_ACCOUNT_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    // Another account, from the same address, is not held back; a request without a valid token is refused as such.
    expect((await invite(friend, DEMO.mowers.notShared.serial, 'nobody@navimow.example')).statusCode).toBe(404);
    expect(
      (
        await invite(
          { authorization: 'Bearer not-a-valid-token-at-all' },
          DEMO.mowers.owned.serial,
          'x@navimow.example',
        )
      ).statusCode,
    ).toBe(401);
  });

  it('lets only the owner invite, never themselves, never twice at once, never to a mower already shared', async () => {
    const cases: [Headers, string, string, number, string][] = [
      [owner, DEMO.mowers.notShared.serial, 'stranger@navimow.example', 403, 'not_mower_owner'],
      [owner, 'NVM-NO-SUCH', DEMO.friend.email, 403, 'not_mower_owner'],
      [owner, DEMO.mowers.owned.serial, DEMO.owner.phone, 400, 'cannot_invite_self'],
      [owner, DEMO.mowers.owned.serial, 'nobody@navimow.example', 404, 'account_not_found'],
      [owner, DEMO.mowers.owned.serial, 'not an address', 400, 'invalid_request'],
      [friend, DEMO.mowers.shared.serial, DEMO.owner.email, 409, 'already_shared'],
      [friend, DEMO.mowers.notShared.serial, DEMO.owner.email, 409, 'invitation_pending'],
    ];
    for (const [headers, serial, invitee, status, code] of cases) {
      const response = await invite(headers, serial, invitee);
      expect([response.statusCode, errorCode(response)], `${serial} ${invitee}`).toEqual([status, code]);
    }
    const missingField = await post('/invitations', owner, { mower_serial: DEMO.mowers.owned.serial });
    expect([missingField.statusCode, missingField.json().error.field]).toEqual([400, 'body.invitee']);

    const sent = await Promise.all(
      Array.from({ length: 5 }, () => invite(owner, DEMO.mowers.owned.serial, DEMO.friend.email)),
    );
    expect(sent.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it('lets the inviter withdraw a pending invitation, and only the inviter', async () => {
    const sent = (await invite(owner, DEMO.mowers.owned.serial, DEMO.friend.email)).json().invitation.id;
    expect((await post(`/invitations/${sent}/cancel`, friend)).statusCode).toBe(403);
    expect((await post(`/invitations/${sent}/cancel`, owner)).json().invitation.state).toBe('cancelled');
    expect(errorCode(await post(`/invitations/${sent}/accept`, friend))).toBe('invitation_cancelled');
  });

  it('lists the open invitations to a mower for its owner only, so that each can be withdrawn', async () => {
    const serial = DEMO.mowers.notShared.serial;
    const open = await get(`/mowers/${serial}/invitations`, friend);
    expect(open.statusCode).toBe(200);
    expect(open.json()).toMatchObject({
      mower_serial: serial,
      invitations: [{ id: DEMO.invitations.pending, state: 'pending', for_me: false }],
    });

    const other = await stranger();
    for (const [headers, mower] of [
      [owner, serial],
      [other, serial],
      [friend, 'NVM-NO-SUCH'],
    ] as const) {
      const refused = await get(`/mowers/${mower}/invitations`, headers);
      expect([refused.statusCode, errorCode(refused)]).toEqual([403, 'not_mower_owner']);
    }
    expect((await get(`/mowers/${serial}/invitations`, {})).statusCode).toBe(401);

    await post(`/invitations/${DEMO.invitations.pending}/cancel`, friend);
    expect((await get(`/mowers/${serial}/invitations`, friend)).json().invitations).toEqual([]);
    const renewed = (await invite(friend, serial, DEMO.owner.email)).json().invitation.id;
    expect(
      (await get(`/mowers/${serial}/invitations`, friend))
        .json()
        .invitations.map((invitation: { id: string }) => invitation.id),
    ).toEqual([renewed]);
  });

  it('answers for a serial that does not exist as for a mower someone else owns: no endpoint tells which serials exist', async () => {
    const exists = DEMO.mowers.notShared.serial;
    const unknown = 'NVM-NO-SUCH';
    const end = (serial: string, account: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/sharing/mowers/${serial}/shares/${account}`, headers: owner });
    const alike = async (ask: (serial: string) => Promise<{ statusCode: number; body: string }>) => {
      const [real, none] = [await ask(exists), await ask(unknown)];
      expect([none.statusCode, none.body.replaceAll(unknown, exists)]).toEqual([real.statusCode, real.body]);
      return real.statusCode;
    };
    expect(await alike((serial) => end(serial, 'me'))).toBe(204);
    expect(await alike((serial) => end(serial, DEMO.friend.id))).toBe(403);
    expect(await alike((serial) => get(`/mowers/${serial}/shares`, owner))).toBe(404);
    expect(await alike((serial) => get(`/mowers/${serial}/invitations`, owner))).toBe(403);
    expect(await alike((serial) => invite(owner, serial, DEMO.friend.email))).toBe(403);
    expect(
      await alike((serial) => t.app.inject({ method: 'GET', url: `/api/mowers/${serial}/status`, headers: owner })),
    ).toBe(404);
    expect(
      await alike((serial) =>
        t.app.inject({ method: 'POST', url: `/api/mowers/${serial}/live-tickets`, headers: owner }),
      ),
    ).toBe(404);
    expect(await mowerSerials(friend)).toContain(exists);
  });

  it('lets either side end a share at any time, and nobody else', async () => {
    const serial = DEMO.mowers.shared.serial;
    const other = await stranger();
    const byStranger = await t.app.inject({
      method: 'DELETE',
      url: `/api/sharing/mowers/${serial}/shares/${DEMO.owner.id}`,
      headers: other,
    });
    expect(byStranger.statusCode).toBe(403);
    expect(await mowerSerials(owner)).toContain(serial);

    const bySharer = await t.app.inject({
      method: 'DELETE',
      url: `/api/sharing/mowers/${serial}/shares/me`,
      headers: owner,
    });
    expect(bySharer.statusCode).toBe(204);
    expect(await mowerSerials(owner)).not.toContain(serial);
    const retried = await t.app.inject({
      method: 'DELETE',
      url: `/api/sharing/mowers/${serial}/shares/me`,
      headers: owner,
    });
    expect(retried.statusCode).toBe(204);

    // The owner ends a share too (here one made by an accepted invitation).
    await post(`/invitations/${DEMO.invitations.pending}/accept`, owner);
    const byOwner = await t.app.inject({
      method: 'DELETE',
      url: `/api/sharing/mowers/${DEMO.mowers.notShared.serial}/shares/${DEMO.owner.id}`,
      headers: friend,
    });
    expect(byOwner.statusCode).toBe(204);
    expect(await mowerSerials(owner)).not.toContain(DEMO.mowers.notShared.serial);
  });
});
