import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sharingApi } from '../../../common/api/sharing.ts';
import { parseIdentifier } from '../../../common/account-identifiers.ts';
import { INVITATION_LIFETIME_DAYS, type InvitationResponse, type InvitationState } from '../../../common/sharing.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { serveApi } from '../../http/serve-api.ts';
import { findAccountByIdentifier, type RequireCaller } from '../accounts/public.ts';
import {
  answerInvitation,
  createInvitation,
  findInvitation,
  findMowerOwner,
  type InvitationRow,
  listOpenInvitations,
  listShares,
  removeShare,
  stateOf,
  toDto,
} from './sharing-queries.ts';

/**
 * Invitations an account may ask for in an hour. Each looks an account up by e-mail or phone, and its answer (404
 * for an unknown one) says who has an account: counted per account, not per address, so that one account cannot
 * look up more by asking from many addresses; generous enough for the simulator's "new invitation" button, which
 * sends one or two a click. A request without a valid token is refused before it is counted.
 */
export const INVITATIONS_PER_ACCOUNT_PER_HOUR = 60;

const notFound = () => new HttpError(404, 'invitation_not_found', 'There is no such invitation.');
const notForYou = () => new HttpError(403, 'invitation_not_for_you', 'This invitation is for another account.');

/** Why an invitation in `state` cannot take the answer `wanted`; undefined when it can (or already has). */
function refusal(state: InvitationState, wanted: 'accepted' | 'rejected' | 'cancelled'): HttpError | undefined {
  if (state === 'pending' || state === wanted) return undefined;
  if (state === 'expired') return new HttpError(410, 'invitation_expired', 'Invitation expired');
  return new HttpError(409, `invitation_${state}`, `The invitation was already ${state}.`);
}

/**
 * Mower sharing by invitation (seed sections 4 and 6), for the app's own sessions only: the owner invites, the
 * invitee accepts or rejects once (a repeat of the same answer is harmless, the other answer is refused), either
 * side ends the share whenever they like.
 */
export interface SharingRoutesOptions {
  db: Db;
  requireCaller: RequireCaller;
  /**
   * Called after a share began or ended, with the account whose mower list changed (Google's Request Sync, the open
   * MQTT connections and live streams); the answer waits for it, so that a former sharer hears nothing more after it.
   */
  onMowerListChange?: (accountIds: readonly string[]) => Promise<void>;
}

export function sharingRoutes(
  app: FastifyInstance,
  { db, requireCaller, onMowerListChange }: SharingRoutesOptions,
): void {
  /**
   * A 403 unless the account owns the mower: someone else's mower answers like an unknown one, so that the API does not
   * tell which serials exist. `field` is the input that named the mower, `only` what only its owner may do.
   */
  async function requireOwnMower(accountId: string, serial: string, field: string, only: string): Promise<void> {
    const mower = await findMowerOwner(db, serial);
    if (!mower || mower.owner_id !== accountId)
      throw new HttpError(403, 'not_mower_owner', `${field}: only the owner of a mower ${only}.`, field);
  }

  /** The invitation as the caller may see it: its invitee and its inviter only. */
  async function visibleInvitation(invitationId: string, accountId: string): Promise<InvitationRow> {
    const row = await findInvitation(db, invitationId);
    if (!row) throw notFound();
    if (row.invitee_id !== accountId && row.inviter_id !== accountId) throw notForYou();
    return row;
  }

  async function answer(
    invitationId: string,
    accountId: string,
    wanted: 'accepted' | 'rejected' | 'cancelled',
  ): Promise<InvitationResponse> {
    const row = await visibleInvitation(invitationId, accountId);
    const mayAnswer = wanted === 'cancelled' ? row.inviter_id === accountId : row.invitee_id === accountId;
    if (!mayAnswer) {
      throw new HttpError(
        403,
        'invitation_not_for_you',
        wanted === 'cancelled'
          ? 'Only the inviter can withdraw an invitation.'
          : 'Only the invited account can answer.',
      );
    }
    const now = new Date();
    const refused = refusal(stateOf(row, now), wanted);
    if (refused) throw refused;
    // Lost a race to another answer (double tap, second device)? Then that answer decides, as if it came first.
    if (!(await answerInvitation(db, row, wanted, now))) {
      const current = (await findInvitation(db, row.id))!;
      const lost = refusal(stateOf(current, now), wanted);
      if (lost) throw lost;
      return { invitation: toDto(current, accountId, now) };
    }
    if (wanted === 'accepted') await onMowerListChange?.([row.invitee_id]);
    return { invitation: toDto((await findInvitation(db, row.id))!, accountId, now) };
  }

  serveApi(app, sharingApi, {
    createInvitation: {
      options: {
        config: {
          rateLimit: {
            max: INVITATIONS_PER_ACCOUNT_PER_HOUR,
            timeWindow: '1 hour',
            keyGenerator: async (request: FastifyRequest) =>
              `invitations:${(await requireCaller(request, 'account')).accountId}`,
          },
        },
      },
      handler: async (request, reply) => {
        const caller = await requireCaller(request, 'account');
        const { mower_serial: mowerSerial, invitee } = request.body;
        await requireOwnMower(caller.accountId, mowerSerial, 'body.mower_serial', 'can share it');
        const identifier = parseIdentifier(invitee);
        if (!identifier)
          throw new HttpError(
            400,
            'invalid_request',
            'body.invitee: must be an e-mail address or phone number',
            'body.invitee',
          );
        const account = await findAccountByIdentifier(db, identifier);
        if (!account)
          throw new HttpError(
            404,
            'account_not_found',
            'body.invitee: no Navimow account has this e-mail address or phone number.',
            'body.invitee',
          );
        if (account.id === caller.accountId)
          throw new HttpError(400, 'cannot_invite_self', 'body.invitee: you cannot invite yourself.', 'body.invitee');

        const now = new Date();
        const outcome = await createInvitation(db, {
          mowerSerial,
          inviterId: caller.accountId,
          inviteeId: account.id,
          lifetimeMs: INVITATION_LIFETIME_DAYS * 24 * 60 * 60 * 1000,
          now,
        });
        if ('refused' in outcome) {
          throw new HttpError(
            409,
            outcome.refused,
            outcome.refused === 'already_shared'
              ? 'The mower is already shared with this account.'
              : 'This account already has an open invitation to this mower.',
          );
        }
        const row = (await findInvitation(db, outcome.created))!;
        return reply.code(201).send({ invitation: toDto(row, caller.accountId, now) } satisfies InvitationResponse);
      },
    },

    getInvitation: async (request) => {
      const caller = await requireCaller(request, 'account');
      const row = await visibleInvitation(request.params.id, caller.accountId);
      return { invitation: toDto(row, caller.accountId, new Date()) };
    },

    acceptInvitation: async (request) =>
      answer(request.params.id, (await requireCaller(request, 'account')).accountId, 'accepted'),
    rejectInvitation: async (request) =>
      answer(request.params.id, (await requireCaller(request, 'account')).accountId, 'rejected'),
    cancelInvitation: async (request) =>
      answer(request.params.id, (await requireCaller(request, 'account')).accountId, 'cancelled'),

    /** Who shares a mower: for its owner and for those it is shared with. */
    listMowerShares: async (request) => {
      const caller = await requireCaller(request, 'account');
      const mower = await findMowerOwner(db, request.params.serial);
      const shares = mower ? await listShares(db, request.params.serial) : [];
      if (
        !mower ||
        (mower.owner_id !== caller.accountId && !shares.some((share) => share.account_id === caller.accountId))
      ) {
        throw new HttpError(
          404,
          'mower_not_found',
          'params.serial: this mower is neither yours nor shared with you.',
          'params.serial',
        );
      }
      return {
        mower_serial: request.params.serial,
        shares: [
          { account_id: mower.owner_id, name: mower.owner_name, role: 'owner', since: mower.created_at },
          ...shares,
        ],
      };
    },

    /**
     * The invitations to a mower still waiting for an answer, for its owner only: what the app's Device sharing
     * screen lists as pending, each of which the owner may withdraw.
     */
    listMowerInvitations: async (request) => {
      const caller = await requireCaller(request, 'account');
      await requireOwnMower(caller.accountId, request.params.serial, 'params.serial', 'sees its invitations');
      const now = new Date();
      const rows = await listOpenInvitations(db, request.params.serial, now);
      return { mower_serial: request.params.serial, invitations: rows.map((row) => toDto(row, caller.accountId, now)) };
    },

    /**
     * Ends a share (Settings > Device management > Device sharing): the owner removes anyone, a sharer removes
     * themselves (`me`). Ending a share that is already gone answers 204 too: a retry must not fail. So does ending
     * one's own share of a mower never shared with one, or of a serial that does not exist: the answer must not tell
     * which serials exist (issue 25).
     */
    endShare: async (request, reply) => {
      const caller = await requireCaller(request, 'account');
      const target = request.params.account === 'me' ? caller.accountId : request.params.account;
      const mower = await findMowerOwner(db, request.params.serial);
      const isOwner = mower?.owner_id === caller.accountId;
      if (!isOwner && target !== caller.accountId) {
        throw new HttpError(
          403,
          'not_allowed',
          'Only the owner, or the account the mower is shared with, can end this share.',
        );
      }
      if (isOwner && target === caller.accountId)
        throw new HttpError(
          400,
          'cannot_unshare_owner',
          'params.account: the owner keeps the mower.',
          'params.account',
        );
      if (await removeShare(db, request.params.serial, target)) await onMowerListChange?.([target]);
      return reply.code(204).send();
    },
  });
}
