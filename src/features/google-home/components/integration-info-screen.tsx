import { useTranslation } from 'react-i18next';
import { pageRoutes } from '../../../../common/page-routes.ts';
import { Card } from '../../../components/card.tsx';
import { Link } from '../../../components/link.tsx';
import { Page } from '../../../components/page.tsx';
import styles from './google-home.module.css';

/** Route `smartHome/googleHome/integrationInfo`: what the Google Home integration does with the account's mowers. */
export function IntegrationInfoScreen() {
  const { t } = useTranslation('googleHome');
  return (
    <Page title={t('integration.title')}>
      <p>{t('integration.lead')}</p>
      <Card title={t('integration.canTitle')}>
        <ul>
          <li>{t('integration.status')}</li>
          <li>{t('integration.control')}</li>
          <li>{t('integration.voice')}</li>
        </ul>
      </Card>
      <Card title={t('integration.namesTitle')}>
        <p>{t('integration.names')}</p>
      </Card>
      <div className={styles.actions}>
        <Link to={pageRoutes.googleVoiceInfo.path} variant="primary">
          {t('integration.voiceInfo')}
        </Link>
        <Link to={pageRoutes.googleHowToConnect.path} variant="secondary">
          {t('integration.howToConnect')}
        </Link>
      </div>
    </Page>
  );
}
