import { useTranslation } from 'react-i18next';
import type { InvitationDto } from '../../../../common/sharing.ts';
import { CloseButton } from '../../../components/close-button.tsx';
import { ResultScreen } from '../../../components/result-screen.tsx';
import type { InvitationView } from '../invitation-view.ts';
import { UpdateAppButton } from './update-app-button.tsx';

export type Outcome = Exclude<InvitationView, 'offer'> | 'notFound';

/**
 * Every end of the invitation screen as a result screen: the answers given, the invitation gone or not the
 * user's, and an app too old to accept. Names come from other users: React renders them as text.
 */
export function InvitationOutcome({ outcome, invitation }: { outcome: Outcome; invitation?: InvitationDto }) {
  const { t } = useTranslation(['sharing', 'common']);
  const name = invitation?.inviter_name ?? '';
  const close = <CloseButton />;
  switch (outcome) {
    case 'accepted':
      return (
        <ResultScreen
          status="success"
          title={t('accepted.title')}
          message={t('accepted.text', { mower: invitation?.mower.name || invitation?.mower.serial_number })}
          actions={<CloseButton label={t('accepted.done')} />}
        />
      );
    case 'rejected':
      return (
        <ResultScreen
          status="success"
          title={t('rejected.title')}
          message={t('rejected.text', { name })}
          actions={close}
        />
      );
    case 'expired':
      return (
        <ResultScreen
          status="failure"
          title={t('expired.title')}
          message={t('expired.text', { name })}
          actions={close}
        />
      );
    case 'cancelled':
      return (
        <ResultScreen
          status="failure"
          title={t('cancelled.title')}
          message={t('cancelled.text', { name })}
          actions={close}
        />
      );
    case 'notForYou':
      return (
        <ResultScreen status="failure" title={t('notForYou.title')} message={t('notForYou.text')} actions={close} />
      );
    case 'notFound':
      return <ResultScreen status="failure" title={t('notFound.title')} message={t('notFound.text')} actions={close} />;
    case 'outdatedApp':
      return (
        <ResultScreen
          status="failure"
          title={t('outdated.title')}
          message={t('outdated.text')}
          actions={
            <>
              <UpdateAppButton />
              <CloseButton label={t('common:actions.close')} variant="secondary" />
            </>
          }
        />
      );
  }
}
