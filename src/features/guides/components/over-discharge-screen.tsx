import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/card.tsx';
import { Illustration } from '../../../components/illustration.tsx';
import { Page } from '../../../components/page.tsx';
import { SupportLink } from './support-link.tsx';
import { OK_HOLD_SECONDS, OVER_DISCHARGE_CHARGE_MINUTES } from '../guide-constants.ts';

/** Help for a deeply discharged battery (route `robotWinterMode/overDischargeNotice`). */
export function OverDischargeScreen() {
  const { t } = useTranslation('overDischarge');
  return (
    <Page title={t('title')}>
      <p>{t('intro')}</p>

      <Card title={t('symptom.title')} media={<Illustration scene="offStation" />}>
        <p>{t('symptom.body')}</p>
      </Card>

      <Card title={t('recover.title')} media={<Illustration scene="charge" />}>
        <ol>
          <li>{t('recover.power')}</li>
          <li>{t('recover.dock')}</li>
          <li>{t('recover.charge', { count: OVER_DISCHARGE_CHARGE_MINUTES })}</li>
          <li>{t('recover.switchOn', { count: OK_HOLD_SECONDS })}</li>
        </ol>
      </Card>

      <Card title={t('stillOff.title')}>
        <p>{t('stillOff.retry')}</p>
        <p>{t('stillOff.support')}</p>
        <SupportLink>{t('stillOff.contact')}</SupportLink>
      </Card>
    </Page>
  );
}
