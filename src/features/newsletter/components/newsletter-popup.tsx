import { type FormEvent, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Language } from '../../../../common/languages.ts';
import { isValidNewsletterEmail } from '../../../../common/newsletter.ts';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { ErrorMessage } from '../../../components/error-message.tsx';
import { Illustration } from '../../../components/illustration.tsx';
import { LineIcon } from '../../../components/line-icon.tsx';
import { Page } from '../../../components/page.tsx';
import { ResultScreen } from '../../../components/result-screen.tsx';
import { EmailField } from '../../../components/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { hasNativeApp } from '../../../lib/bridge/bridge.ts';
import { closeWebView, useCloseWebView } from '../../../lib/bridge/close-web-view.ts';
import { requestFailure } from '../../../lib/request-failure.ts';
import { useAsync } from '../../../lib/use-async.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { dismissPrompt } from '../api/dismiss-prompt.ts';
import { loadPopup } from '../api/load-popup.ts';
import { subscribe } from '../api/subscribe.ts';
import { type Benefit, BenefitIcon } from './benefit-icon.tsx';
import styles from './newsletter-popup.module.css';

/** How long the thank-you stays before the popup closes by itself: long enough to read it. */
export const CLOSE_AFTER_SUBSCRIBING_MS = 3_000;

type Failure = 'load' | 'subscribe' | 'dismiss' | 'close' | 'offline' | 'notInApp' | 'signedOut';

function failureOf(error: unknown, fallback: Failure): Failure {
  const failure = requestFailure(error);
  return failure === 'load' ? fallback : failure;
}

const BENEFITS: readonly Benefit[] = ['tips', 'updates', 'offers'];

/** What the newsletter brings: the reason to answer, before the question. */
function Pitch() {
  const { t } = useTranslation('newsletter');
  return (
    <>
      <p className={styles.lede}>{t('lede')}</p>
      <ul className={styles.benefits}>
        {BENEFITS.map((benefit) => (
          <li key={benefit} className={styles.benefit}>
            <span className={styles.icon}>
              <BenefitIcon benefit={benefit} />
            </span>
            <span className={styles.benefitText}>
              <strong className={styles.benefitTitle}>{t(`benefits.${benefit}.title`)}</strong>
              <span>{t(`benefits.${benefit}.text`)}</span>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The thank-you after subscribing; the popup closes by itself a moment later, or at once on Close. */
function Subscribed({ email }: { email: string }) {
  const { t } = useTranslation(['newsletter', 'common']);
  const { close, pending, failed } = useCloseWebView();
  const closeLater = useEffectEvent(() => void close());
  useEffect(() => {
    const timer = window.setTimeout(closeLater, CLOSE_AFTER_SUBSCRIBING_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <ResultScreen
      status="success"
      title={t('subscribed.title')}
      message={t('subscribed.text', { email })}
      actions={
        <Button variant="secondary" disabled={pending} onClick={() => void close()}>
          {t('common:actions.close')}
        </Button>
      }
    >
      {failed && <ErrorMessage>{t('failure.close')}</ErrorMessage>}
    </ResultScreen>
  );
}

/**
 * Route `edmPopup`: the newsletter offer the app shows as a popup. It asks the server first whether to show
 * itself at all (not after "Don't show this again" or a subscription) and closes the web view at once if
 * not. Subscribe, Not now and Don't show this again each end in `closeWebView`; one of them runs at a time.
 */
export function NewsletterPopup() {
  const { t, i18n } = useTranslation(['newsletter', 'common']);
  const start = useAsync(loadPopup);
  const [email, setEmail] = useState<string>();
  const [invalid, setInvalid] = useState(false);
  const [failure, setFailure] = useState<Failure>();
  const [subscribedAs, setSubscribedAs] = useState<string>();
  const [subscribing, setSubscribing] = useState(false);
  const flight = useSingleFlight();
  const field = useRef<HTMLInputElement>(null);

  const hidden = start.status === 'success' && !start.data.show;
  useEffect(() => {
    if (hidden) closeWebView().catch(() => setFailure('close'));
  }, [hidden]);

  const address = email ?? (start.status === 'success' ? start.data.email : '');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = address.trim();
    if (!isValidNewsletterEmail(typed)) {
      setInvalid(true);
      field.current?.focus();
      return;
    }
    void flight.run(
      async () => {
        setFailure(undefined);
        setSubscribing(true);
        try {
          await subscribe(typed, i18n.language as Language);
        } finally {
          setSubscribing(false);
        }
        setSubscribedAs(typed);
      },
      (error) => {
        if (error instanceof ApiError && error.status === 400) {
          setInvalid(true);
          field.current?.focus();
        } else {
          setFailure(failureOf(error, 'subscribe'));
        }
      },
    );
  };

  const notNow = () =>
    flight.run(
      async () => {
        setFailure(undefined);
        await closeWebView();
      },
      () => setFailure('close'),
    );

  const dontShowAgain = () => {
    let dismissed = false;
    return flight.run(
      async () => {
        setFailure(undefined);
        await dismissPrompt();
        dismissed = true;
        await closeWebView();
      },
      (error) => setFailure(dismissed ? 'close' : failureOf(error, 'dismiss')),
    );
  };

  if (subscribedAs !== undefined) return <Subscribed email={subscribedAs} />;

  if (start.status === 'pending') {
    // What the newsletter brings does not wait for the account: it is in the first view (the server's too).
    return (
      <Page
        className={styles.popup}
        title={t('title')}
        lead={<Illustration scene="newsletter" className={styles.art} />}
      >
        <Pitch />
        <p role="status">{t('common:list.loading')}</p>
      </Page>
    );
  }

  if (hidden) {
    return (
      <Page title={t('title')}>
        <p>{t('hidden')}</p>
        {failure && <ErrorMessage>{t(`failure.${failure}`)}</ErrorMessage>}
      </Page>
    );
  }

  const notNowButton = (
    <Button variant="secondary" onClick={() => void notNow()} disabled={flight.pending}>
      {t('notNow')}
    </Button>
  );

  if (start.status === 'error') {
    const loadFailure = failureOf(start.error, 'load');
    return (
      <Page title={t('title')}>
        <ErrorMessage>{t(`failure.${loadFailure}`)}</ErrorMessage>
        {loadFailure !== 'notInApp' && loadFailure !== 'signedOut' && (
          <Button onClick={start.reload}>{t('common:actions.retry')}</Button>
        )}
        {failure && <ErrorMessage>{t(`failure.${failure}`)}</ErrorMessage>}
        {hasNativeApp() && notNowButton}
      </Page>
    );
  }

  // A way out at the top, as a popup has (issue 37): the same as Not now, for whoever does not read to the end.
  const top = (
    <div className={styles.top}>
      <Illustration scene="newsletter" className={styles.art} />
      <button
        type="button"
        className={styles.close}
        aria-label={t('common:actions.close')}
        onClick={() => void notNow()}
        disabled={flight.pending}
      >
        <LineIcon path="M6 6l12 12M18 6L6 18" />
      </button>
    </div>
  );

  return (
    <Page className={styles.popup} title={t('title')} lead={top}>
      <Pitch />
      <Card as="div">
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <EmailField
            ref={field}
            label={t('email')}
            name="email"
            autoComplete="email"
            value={address}
            onChange={(event) => {
              setEmail(event.target.value);
              setInvalid(false);
            }}
            error={invalid ? t('invalidEmail') : undefined}
          />
          {failure && <ErrorMessage>{t(`failure.${failure}`)}</ErrorMessage>}
          <Button type="submit" disabled={flight.pending}>
            {subscribing ? t('subscribing') : t('subscribe')}
          </Button>
        </form>
      </Card>
      <div className={styles.dismiss}>
        {notNowButton}
        <Button variant="secondary" onClick={() => void dontShowAgain()} disabled={flight.pending}>
          {t('dontShowAgain')}
        </Button>
      </div>
      {/* The fine print last: above it, every answer fits a 390 × 844 screen (issue 37). */}
      <p className={styles.note}>{t('unsubscribe')}</p>
    </Page>
  );
}
