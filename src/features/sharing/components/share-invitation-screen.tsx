import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { InvitationDto } from '../../../../common/sharing.ts';
import { Page } from '../../../components/page.tsx';
import { RequestFailureScreen } from '../../../components/request-failure-message.tsx';
import { requestFailure } from '../../../lib/request-failure.ts';
import { useAsync } from '../../../lib/use-async.ts';
import { loadInvitation, personalInvitation } from '../api/load-invitation.ts';
import { invitationView } from '../invitation-view.ts';
import { InvitationOffer } from './invitation-offer.tsx';
import { InvitationOutcome } from './invitation-outcome.tsx';

function Invitation({ id }: { id: string }) {
  const { t } = useTranslation(['sharing', 'common']);
  const loaded = useAsync((signal) => loadInvitation(id, signal), personalInvitation(id));
  const [answered, setAnswered] = useState<InvitationDto>();

  if (loaded.status === 'pending') {
    return (
      <Page title={t('title')}>
        <p role="status">{t('loading')}</p>
      </Page>
    );
  }
  if (loaded.status === 'error') {
    return (
      <RequestFailureScreen
        title={t('title')}
        failure={requestFailure(loaded.error)}
        texts={{
          load: t('failure.load'),
          offline: t('failure.offline'),
          signedOut: t('failure.signedOut'),
          notInApp: t('failure.notInApp'),
        }}
        onRetry={loaded.reload}
      />
    );
  }
  if (loaded.data.kind !== 'found') return <InvitationOutcome outcome={loaded.data.kind} />;

  const invitation = answered ?? loaded.data.invitation;
  const view = invitationView(invitation, loaded.data.appSupportsSharing);
  if (view !== 'offer') return <InvitationOutcome outcome={view} invitation={invitation} />;
  return (
    <InvitationOffer
      invitation={invitation}
      onAnswered={setAnswered}
      onChanged={() => {
        setAnswered(undefined);
        loaded.reload();
      }}
    />
  );
}

/**
 * Route `shareInvitation?id=`: an invitation to share someone's mower, answered by the invited account in
 * the app. Another id in the address is another invitation, with nothing carried over from the last one.
 */
export function ShareInvitationScreen() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() || undefined;
  // An address without an invitation is known to lead nowhere from the first render (and from the server's).
  if (!id) return <InvitationOutcome outcome="notFound" />;
  return <Invitation key={id} id={id} />;
}
