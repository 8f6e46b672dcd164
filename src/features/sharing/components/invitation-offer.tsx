import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvitationDto } from '../../../../common/sharing.ts';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorMessage } from '../../../components/error-message.tsx';
import { Page } from '../../../components/page.tsx';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';
import { renderTimeZone } from '../../../lib/personal-view-data.ts';
import { useConfirmedAction } from '../../../lib/use-confirmed-action.ts';
import { answerInvitation, type InvitationAnswer } from '../api/answer-invitation.ts';
import styles from './invitation-offer.module.css';

type Failure = InvitationAnswer | 'offline' | 'signedOut';

/** Answers that mean the invitation is no longer what the screen shows: someone else decided, or time ran out. */
const CHANGED_MEANWHILE: ReadonlySet<number> = new Set([403, 404, 409, 410]);

/**
 * A pending invitation for the signed-in account: who invites, to which mower, what sharing means, and
 * Accept or Reject. Rejecting asks first; cancelling that question keeps the invitation open. One answer is
 * under way at a time, so a double tap sends one request.
 */
export function InvitationOffer({
  invitation,
  onAnswered,
  onChanged,
  answer = answerInvitation,
}: {
  invitation: InvitationDto;
  /** The server took the answer: the invitation as it is now. */
  onAnswered: (invitation: InvitationDto) => void;
  /** The invitation changed under the screen (answered elsewhere, expired, withdrawn): load it again. */
  onChanged: () => void;
  answer?: typeof answerInvitation;
}) {
  const { t, i18n } = useTranslation('sharing');
  const [sending, setSending] = useState<InvitationAnswer>();
  const answering = useConfirmedAction(
    async (choice: InvitationAnswer) => {
      setSending(choice);
      try {
        onAnswered(await answer(invitation.id, choice));
      } finally {
        setSending(undefined);
      }
    },
    (error, choice): Failure | undefined => {
      if (error instanceof ApiError && CHANGED_MEANWHILE.has(error.status)) {
        onChanged();
        return undefined;
      }
      if (error instanceof ApiError && error.status === 401) return 'signedOut';
      if (error instanceof NetworkError && !navigator.onLine) return 'offline';
      return choice;
    },
  );
  // Gone while another answer is under way, and shown anew (announced again) when that one fails too.
  const failure = answering.outcome?.status === 'failure' && !answering.pending ? answering.outcome.failure : undefined;

  const expires = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: renderTimeZone(),
  }).format(new Date(invitation.expires_at));

  return (
    <Page title={t('title')}>
      <Card>
        <p className={styles.intro}>{t('invitation.intro', { name: invitation.inviter_name })}</p>
        <dl className={styles.details}>
          <div>
            <dt>{t('invitation.mower')}</dt>
            <dd data-testid="invitation-mower">{invitation.mower.name || invitation.mower.serial_number}</dd>
          </div>
          <div>
            <dt>{t('invitation.model')}</dt>
            <dd data-testid="invitation-model">{invitation.mower.model}</dd>
          </div>
        </dl>
        <p className={styles.muted}>{t('invitation.validUntil', { date: expires })}</p>
      </Card>

      <Card title={t('terms.title')}>
        <ul>
          <li>{t('terms.manage')}</li>
          <li>{t('terms.cancel')}</li>
        </ul>
      </Card>

      {failure && <ErrorMessage>{t(`failure.${failure}`)}</ErrorMessage>}

      <div className={styles.actions}>
        <Button onClick={() => answering.act('accept')} disabled={answering.pending}>
          {sending === 'accept' ? t('accepting') : t('accept')}
        </Button>
        {/* Harmless (the owner can invite again): a lesser choice beside Accept, not a red bar as heavy as it. */}
        <Button variant="secondary" onClick={() => answering.ask('reject')} disabled={answering.pending}>
          {sending === 'reject' ? t('rejecting') : t('reject')}
        </Button>
      </div>

      <ConfirmDialog
        {...answering.dialog}
        title={t('confirmReject.title')}
        confirmLabel={t('confirmReject.confirm')}
        cancelLabel={t('confirmReject.cancel')}
      >
        <p>{t('confirmReject.body', { name: invitation.inviter_name })}</p>
      </ConfirmDialog>
    </Page>
  );
}
