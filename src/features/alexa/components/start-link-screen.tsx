import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { ErrorMessage } from '../../../components/error-message.tsx';
import { Page } from '../../../components/page.tsx';
import { useAsync } from '../../../lib/use-async.ts';
import { type ConsentPlace, openAmazonConsent } from '../api/open-amazon-consent.ts';
import { startAlexaLink } from '../api/start-alexa-link.ts';
import { requestFailure } from '../../../lib/request-failure.ts';
import styles from './alexa.module.css';

/** Starts a linking attempt on the server, then opens Amazon's consent where the phone can show it. */
async function startAndOpen(browserOnly: boolean, signal: AbortSignal): Promise<ConsentPlace> {
  const start = await startAlexaLink(signal);
  // A screen that has gone (or React's second mount in development) must not open Amazon a second time.
  if (signal.aborted) throw new DOMException('The screen moved on', 'AbortError');
  return openAmazonConsent(start, { browserOnly });
}

function Attempt({ browserOnly, onBrowser }: { browserOnly: boolean; onBrowser: () => void }) {
  const { t } = useTranslation(['alexa', 'common']);
  const attempt = useAsync((signal) => startAndOpen(browserOnly, signal));

  if (attempt.status === 'pending') {
    return (
      <div role="status" className={styles.status} data-testid="alexa-start" data-state="pending">
        <p>{t('start.starting')}</p>
      </div>
    );
  }
  if (attempt.status === 'error') {
    const failure = requestFailure(attempt.error);
    return (
      <div className={styles.status} data-testid="alexa-start" data-state="failed">
        <ErrorMessage>{t(failure === 'load' ? 'start.failed' : `start.${failure}`)}</ErrorMessage>
        {failure !== 'notInApp' && failure !== 'signedOut' && (
          <div className={styles.actions}>
            <Button onClick={attempt.reload}>{t('common:actions.retry')}</Button>
            {!browserOnly && failure === 'load' && (
              <Button variant="secondary" onClick={onBrowser}>
                {t('actions.linkInBrowser')}
              </Button>
            )}
          </div>
        )}
      </div>
    );
  }
  return (
    <div className={styles.status} data-testid="alexa-start" data-state={attempt.data}>
      <p role="status">{t(`start.${attempt.data}`)}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={attempt.reload}>
          {t('actions.startAgain')}
        </Button>
        {attempt.data === 'alexaApp' && (
          <Button variant="secondary" onClick={onBrowser}>
            {t('actions.linkInBrowser')}
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * Route `smartHome/alexa/startBindLink`: app-to-app account linking. The server makes a fresh state and the two
 * Amazon URLs; the page opens the Alexa app's consent, or Login with Amazon in the browser when the Alexa app is
 * not installed (`?via=browser` goes straight to the browser, the troubleshooting guide's way round a Alexa app
 * that does not come back). Amazon then sends the user to `smartHome/alexa/appBind`. What the skill does is said
 * first, from the first view, while the attempt is prepared below it.
 */
export function StartLinkScreen() {
  const { t } = useTranslation('alexa');
  const [params] = useSearchParams();
  const [browserOnly, setBrowserOnly] = useState(params.get('via') === 'browser');
  return (
    <Page title={t('start.title')}>
      <p>{t('intro')}</p>
      <Attempt key={String(browserOnly)} browserOnly={browserOnly} onBrowser={() => setBrowserOnly(true)} />
    </Page>
  );
}
