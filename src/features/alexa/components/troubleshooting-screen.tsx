import { useTranslation } from 'react-i18next';
import { Link } from '../../../components/link.tsx';
import { Page } from '../../../components/page.tsx';
import { Step, StepList } from '../../../components/step-list.tsx';
import { alexaHref } from '../alexa-links.ts';
import styles from './alexa.module.css';

/** In the order that finds the usual causes first: the Alexa app, where the account is, the mower, then the way round. */
const STEPS = ['alexaApp', 'country', 'mower', 'browser', 'relink'] as const;

/**
 * Route `smartHome/alexa/troubleshooting` (the seed's implied troubleshooting guide, reached from the failure
 * page): what to check when linking fails, and the ways to try again.
 */
export function TroubleshootingScreen() {
  const { t, i18n } = useTranslation(['alexa', 'common']);
  const numbers = new Intl.NumberFormat(i18n.language);
  return (
    <Page title={t('troubleshooting.title')}>
      <p>{t('troubleshooting.intro')}</p>
      <StepList>
        {STEPS.map((step, index) => (
          <Step
            key={step}
            label={t('troubleshooting.step', { number: numbers.format(index + 1) })}
            title={t(`troubleshooting.steps.${step}.title`)}
          >
            <p>{t(`troubleshooting.steps.${step}.text`)}</p>
          </Step>
        ))}
      </StepList>
      <ul className={styles.links}>
        <li>
          <Link variant="primary" to={alexaHref.startLink()}>
            {t('actions.startAgain')}
          </Link>
        </li>
        <li>
          <Link variant="secondary" to={alexaHref.startLink({ browserOnly: true })}>
            {t('actions.linkInBrowser')}
          </Link>
        </li>
        <li>
          <Link variant="secondary" to={alexaHref.unlink()}>
            {t('unbind.title')}
          </Link>
        </li>
      </ul>
    </Page>
  );
}
