import { useTranslation } from 'react-i18next';
import { pageRoutes } from '../../../../common/page-routes.ts';
import { Card } from '../../../components/card.tsx';
import { Link } from '../../../components/link.tsx';
import { Page } from '../../../components/page.tsx';

/**
 * Route `smartHome/hornbach/intro`: what linking with Hornbach's smart-home app allows and needs. The link is
 * made in Hornbach's app (through our OAuth login page), so this page only explains and leads to the steps.
 */
export function HornbachIntroScreen() {
  const { t } = useTranslation('hornbach');
  return (
    <Page title={t('intro.title')}>
      <p>{t('intro.lead')}</p>
      <Card title={t('intro.allowsTitle')}>
        <ul>
          <li>{t('intro.readStatus')}</li>
          <li>{t('intro.control')}</li>
        </ul>
      </Card>
      <Card title={t('intro.needsTitle')}>
        <ul>
          <li>{t('intro.needsApp')}</li>
          <li>{t('intro.needsAccount')}</li>
          <li>{t('intro.needsMower')}</li>
        </ul>
      </Card>
      <Card title={t('intro.unlinkTitle')}>
        <p>{t('intro.unlink')}</p>
      </Card>
      <Link to={pageRoutes.hornbachHowToConnect.path} variant="primary">
        {t('intro.howToConnect')}
      </Link>
    </Page>
  );
}
