import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MowerDto } from '../../common/api-types.ts';
import { createDemoInvitation, type HttpLogEntry } from './demo-invitation.ts';

const ORCHARD: MowerDto = {
  serial_number: 'NVM-DEMO-0003',
  name: 'Orchard',
  model: 'Navimow H800E',
  role: 'owner',
  battery_percent: 67,
};
const GARDEN: MowerDto = {
  serial_number: 'NVM-DEMO-0002',
  name: 'Back garden',
  model: 'Navimow X330E',
  role: 'owner',
  battery_percent: 40,
};

const invitation = (id: string) => ({
  invitation: {
    id,
    state: 'pending',
    inviter_name: 'Sam Lindqvist',
    mower: { serial_number: ORCHARD.serial_number, name: 'Orchard', model: ORCHARD.model },
    for_me: false,
    expires_at: '2026-06-08T10:00:00.000Z',
    responded_at: null,
  },
});

/**
 * The demo server as far as the control uses it: the friend owns the garden (shared with the owner) and the
 * orchard; `pending` lists the orchard's open invitations, which block a new one until withdrawn.
 */
function demoServer({ pending = [] as string[], inviteesMowers = [{ ...GARDEN, role: 'shared' }] as MowerDto[] } = {}) {
  const calls: string[] = [];
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const auth = (init.headers as Record<string, string>).Authorization;
      calls.push(`${method} ${url} ${auth ?? ''}`.trim());
      if (init.body) bodies.push(JSON.parse(init.body as string));
      if (url === '/api/auth/login')
        return Response.json({
          access_token: 'friend-token',
          refresh_token: 'r',
          token_type: 'Bearer',
          expires_in: 3600,
        });
      if (url === '/api/mowers')
        return Response.json({ mowers: auth === 'Bearer friend-token' ? [GARDEN, ORCHARD] : inviteesMowers });
      if (method === 'DELETE') return new Response(null, { status: 204 });
      if (url.endsWith('/invitations') && method === 'GET')
        return Response.json({
          mower_serial: ORCHARD.serial_number,
          invitations: pending.map((id) => invitation(id).invitation),
        });
      if (url.endsWith('/cancel')) {
        pending = pending.filter((id) => !url.includes(id));
        return Response.json(invitation('x'));
      }
      if (url === '/api/sharing/invitations') {
        return pending.length
          ? Response.json({ error: { code: 'invitation_pending', message: 'open' } }, { status: 409 })
          : Response.json(invitation('fresh-1'), { status: 201 });
      }
      return Response.json({ error: { code: 'not_found', message: 'x' } }, { status: 404 });
    }),
  );
  return { calls, bodies };
}

async function create(lastMower?: string) {
  const log: HttpLogEntry[] = [];
  const result = await createDemoInvitation({
    invitee: 'demo@navimow.example',
    inviteeToken: 'demo-token',
    language: 'de',
    log: (entry) => log.push(entry),
    lastMower,
  });
  return { result, log };
}

afterEach(() => vi.unstubAllGlobals());

describe('createDemoInvitation', () => {
  it('has the other demo account invite the signed-in one to a mower not yet shared with it, and links to it', async () => {
    const server = demoServer();
    const { result, log } = await create();
    expect(result).toEqual({
      id: 'fresh-1',
      mowerSerial: 'NVM-DEMO-0003',
      inviterName: 'Sam Lindqvist',
      mowerName: 'Orchard',
      href: '/shareInvitation?id=fresh-1&lang=de',
    });
    expect(server.bodies).toEqual([
      { account: 'friend@navimow.example', password: 'Navimow-demo-2' },
      { mower_serial: 'NVM-DEMO-0003', invitee: 'demo@navimow.example' },
    ]);
    expect(server.calls).toContain('POST /api/sharing/invitations Bearer friend-token');
    expect(log.map((entry) => `${entry.method} ${entry.code}`)).toEqual([
      'POST /api/auth/login 200',
      'GET /api/mowers 200',
      'GET /api/mowers 200',
      'POST /api/sharing/invitations 201',
    ]);
    expect(JSON.stringify(log)).not.toContain('Navimow-demo-2');
  });

  it('withdraws the open invitations that stand in the way, then invites', async () => {
    const server = demoServer({ pending: ['demo-pending'] });
    const { result, log } = await create();
    expect(result.id).toBe('fresh-1');
    expect(server.calls).toContain('POST /api/sharing/invitations/demo-pending/cancel Bearer friend-token');
    expect(log.filter((entry) => entry.code === 409).map((entry) => entry.note)).toEqual(['invitation_pending']);
  });

  it('ends an earlier share when every mower of the other account is already shared', async () => {
    const server = demoServer({
      inviteesMowers: [
        { ...GARDEN, role: 'shared' },
        { ...ORCHARD, role: 'shared' },
      ],
    });
    await create();
    expect(server.calls).toContain('DELETE /api/sharing/mowers/NVM-DEMO-0002/shares/me Bearer demo-token');
    expect(server.bodies.at(-1)).toEqual({ mower_serial: 'NVM-DEMO-0002', invitee: 'demo@navimow.example' });
  });

  it('ends rather the share of the mower it invited to last', async () => {
    const server = demoServer({
      inviteesMowers: [
        { ...GARDEN, role: 'shared' },
        { ...ORCHARD, role: 'shared' },
      ],
    });
    await create(ORCHARD.serial_number);
    expect(server.calls).toContain('DELETE /api/sharing/mowers/NVM-DEMO-0003/shares/me Bearer demo-token');
    expect(server.calls.filter((call) => call.startsWith('DELETE'))).toHaveLength(1);
  });

  it('fails with the server’s reason, logged', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: { code: 'invalid_credentials', message: 'Wrong' } }, { status: 401 })),
    );
    const log: HttpLogEntry[] = [];
    await expect(
      createDemoInvitation({
        invitee: 'demo@navimow.example',
        inviteeToken: 't',
        language: 'en',
        log: (entry) => log.push(entry),
      }),
    ).rejects.toThrow('Wrong');
    expect(log).toMatchObject([{ method: 'POST /api/auth/login', code: 401, note: 'invalid_credentials' }]);
  });
});
