import type { ApiErrorBody, LoginRequest, MowerListResponse, TokenResponse } from '../../common/api-types.ts';
import type { CreateInvitationRequest, InvitationResponse, MowerInvitationsResponse } from '../../common/sharing.ts';
import { DEMO_ACCOUNTS } from './simulator-state.ts';

/** One HTTP call the simulator made for the tester, for its log. */
export interface HttpLogEntry {
  method: string;
  params: unknown;
  code: number;
  ms: number;
  note?: string;
}

export interface DemoInvitation {
  id: string;
  mowerSerial: string;
  inviterName: string;
  mowerName: string;
  /** The invitation screen for it, in the page's language. */
  href: string;
}

class DemoApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

type Log = (entry: HttpLogEntry) => void;

async function request<T>(
  log: Log,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  token: string | undefined,
  body?: unknown,
): Promise<T> {
  const started = performance.now();
  const response = await fetch(`/api${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
      ...(token && { Authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  const error = response.ok ? undefined : (json as Partial<ApiErrorBody> | undefined)?.error;
  // The password of a sign-in never goes to the log.
  const params = path === '/auth/login' ? { account: (body as LoginRequest).account } : (body ?? {});
  log({
    method: `${method} /api${path}`,
    params,
    code: response.status,
    ms: Math.round(performance.now() - started),
    ...(error && { note: error.code }),
  });
  if (!response.ok)
    throw new DemoApiError(response.status, error?.code ?? 'http_error', error?.message ?? `HTTP ${response.status}`);
  return json as T;
}

async function signIn(log: Log, account: string): Promise<string> {
  const password = DEMO_ACCOUNTS[account];
  if (!password) throw new Error(`no demo password for ${account}`);
  return (
    await request<TokenResponse>(log, 'POST', '/auth/login', undefined, { account, password } satisfies LoginRequest)
  ).access_token;
}

/**
 * Sends the signed-in account a fresh pending invitation from the other demo account, so that accepting and
 * rejecting can be tried again and again without resetting the demo data. It uses the API as the two users
 * would: the other account invites to a mower of its own not yet shared with the signed-in one; when all are, the
 * signed-in account ends its share of one, and the mower's open invitations are withdrawn by its owner when they
 * stand in the way.
 */
export async function createDemoInvitation({
  invitee,
  inviteeToken,
  language,
  log,
  lastMower,
}: {
  invitee: string;
  inviteeToken: string;
  language: string;
  log: Log;
  /** The mower of the previous invitation made this way: the share to end again once every mower is shared. */
  lastMower?: string | undefined;
}): Promise<DemoInvitation> {
  const inviter = Object.keys(DEMO_ACCOUNTS).find((account) => account !== invitee);
  if (!inviter) throw new Error('no other demo account to invite from');
  const inviterToken = await signIn(log, inviter);

  const [owned, inviteesMowers] = await Promise.all([
    request<MowerListResponse>(log, 'GET', '/mowers', inviterToken),
    request<MowerListResponse>(log, 'GET', '/mowers', inviteeToken),
  ]);
  const candidates = owned.mowers.filter((mower) => mower.role === 'owner');
  const mower =
    candidates.find(
      (candidate) => !inviteesMowers.mowers.some((mine) => mine.serial_number === candidate.serial_number),
    ) ??
    // Rather the share an earlier click made than one the demo data holds for the other screens.
    candidates.find((candidate) => candidate.serial_number === lastMower) ??
    candidates[0];
  if (!mower) throw new Error(`${inviter} owns no mower`);
  if (inviteesMowers.mowers.some((mine) => mine.serial_number === mower.serial_number)) {
    await request<undefined>(
      log,
      'DELETE',
      `/sharing/mowers/${encodeURIComponent(mower.serial_number)}/shares/me`,
      inviteeToken,
    );
  }

  const invite = () =>
    request<InvitationResponse>(log, 'POST', '/sharing/invitations', inviterToken, {
      mower_serial: mower.serial_number,
      invitee,
    } satisfies CreateInvitationRequest);
  let created: InvitationResponse;
  try {
    created = await invite();
  } catch (error) {
    if (!(error instanceof DemoApiError && error.code === 'invitation_pending')) throw error;
    const { invitations } = await request<MowerInvitationsResponse>(
      log,
      'GET',
      `/sharing/mowers/${encodeURIComponent(mower.serial_number)}/invitations`,
      inviterToken,
    );
    for (const open of invitations) {
      await request<InvitationResponse>(
        log,
        'POST',
        `/sharing/invitations/${encodeURIComponent(open.id)}/cancel`,
        inviterToken,
      );
    }
    created = await invite();
  }

  const href = new URL('/shareInvitation', window.location.origin);
  href.searchParams.set('id', created.invitation.id);
  href.searchParams.set('lang', language);
  return {
    id: created.invitation.id,
    mowerSerial: mower.serial_number,
    inviterName: created.invitation.inviter_name,
    mowerName: created.invitation.mower.name,
    href: `${href.pathname}${href.search}`,
  };
}
