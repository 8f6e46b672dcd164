import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_POLICY_VERSION, type PolicyConsentResponse } from '../../../../common/api-policy.ts';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { ErrorMessage } from '../../../components/error-message.tsx';
import { Page } from '../../../components/page.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { requestFailure } from '../../../lib/request-failure.ts';
import { renderTimeZone } from '../../../lib/personal-view-data.ts';
import { useAsync } from '../../../lib/use-async.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { agreeToPolicy } from '../api/agree-to-policy.ts';
import { getConsent, personalConsent } from '../api/get-consent.ts';
import { consentStatus } from '../consent-status.ts';
import styles from './api-policy-screen.module.css';

/** The policy's sections, in reading order: each has a title and a text in the `apiPolicy` namespace. */
const SECTIONS = ['access', 'control', 'revocation', 'rateLimits', 'dataUse'] as const;

type Failure = 'load' | 'agree' | 'offline' | 'notInApp' | 'signedOut';

function failureOf(error: unknown, fallback: 'load' | 'agree'): Failure {
  const failure = requestFailure(error);
  return failure === 'load' ? fallback : failure;
}

/**
 * Route `apiPolicy`: the API access policy for linked services, and the account's agreement to it. The text
 * is this page's (one version per release of the locale files); the server records who agreed to which
 * version and when, and asks again when a newer version has replaced the one agreed to.
 */
export function ApiPolicyScreen() {
  const { t, i18n } = useTranslation(['apiPolicy', 'common']);
  const consent = useAsync(getConsent, personalConsent());
  const [saved, setSaved] = useState<PolicyConsentResponse>();
  const [stale, setStale] = useState(false);
  const [agreeFailure, setAgreeFailure] = useState<Failure>();
  const flight = useSingleFlight();

  const agree = () =>
    flight.run(
      async () => {
        setAgreeFailure(undefined);
        setSaved(await agreeToPolicy());
        setStale(false);
      },
      (error) => {
        if (error instanceof ApiError && error.status === 409) {
          // A newer policy replaced this one while it was open: show where the account stands now.
          setStale(true);
          setSaved(undefined);
          consent.reload();
        } else {
          setAgreeFailure(failureOf(error, 'agree'));
        }
      },
    );

  const date = (value: Date, options: Intl.DateTimeFormatOptions = {}) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: renderTimeZone(), ...options }).format(value);
  const data = saved ?? consent.data;
  const status = data && consentStatus(data);

  let message: ReactNode = null;
  let action: ReactNode = null;
  if (!data && consent.status === 'pending') {
    message = <p>{t('loading')}</p>;
  } else if (!data && consent.status === 'error') {
    const failure = failureOf(consent.error, 'load');
    message = <ErrorMessage announce={false}>{t(`failure.${failure}`)}</ErrorMessage>;
    if (failure !== 'notInApp' && failure !== 'signedOut') {
      action = (
        <Button variant="secondary" onClick={consent.reload}>
          {t('common:actions.retry')}
        </Button>
      );
    }
  } else if (status?.kind === 'agreed') {
    message = (
      <Card tone="success">
        <p>{t('status.agreed', { date: date(new Date(status.at)) })}</p>
      </Card>
    );
  } else if (status?.kind === 'outdatedPage') {
    message = (
      <Card tone="warning">
        <p>{t('outdatedPage.text')}</p>
      </Card>
    );
    action = (
      <Button variant="secondary" onClick={() => window.location.reload()}>
        {t('outdatedPage.reload')}
      </Button>
    );
  } else if (status) {
    message = (
      <>
        {(stale || status.kind === 'changed') && (
          <Card tone="warning">
            <p>{stale ? t('status.stale') : t('status.changed')}</p>
          </Card>
        )}
        {agreeFailure && <ErrorMessage announce={false}>{t(`failure.${agreeFailure}`)}</ErrorMessage>}
      </>
    );
    action = (
      <Button onClick={() => void agree()} disabled={flight.pending}>
        {flight.pending ? t('agreeing') : t('agree')}
      </Button>
    );
  }

  return (
    <Page title={t('title')}>
      <p className={styles.effective}>
        {t('effective', { date: date(new Date(`${API_POLICY_VERSION}T00:00:00Z`), { timeZone: 'UTC' }) })}
      </p>
      <p>{t('intro')}</p>
      {SECTIONS.map((section) => (
        <Card key={section} title={t(`sections.${section}.title`)}>
          <p>{t(`sections.${section}.text`)}</p>
        </Card>
      ))}
      {/* One live region for every outcome, so that agreeing, a failure or a changed policy is read out. */}
      <div
        role="status"
        className={styles.status}
        data-testid="consent-status"
        data-status={status?.kind ?? consent.status}
      >
        {message}
      </div>
      {action}
    </Page>
  );
}
