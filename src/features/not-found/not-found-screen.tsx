import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Page } from '../../components/page.tsx';
import { call } from '../../lib/bridge/bridge.ts';
import { useNativeApp } from '../../lib/bridge/use-native-app.ts';
import { reportUnexpected } from '../../lib/error-reporting/error-reporting.ts';

/** Any unknown path: a localized page, with a way back into the app when there is one. */
export function NotFoundScreen() {
  const { t } = useTranslation();
  const inApp = useNativeApp();
  return (
    <Page title={t('notFound.title')}>
      <p>{t('notFound.message')}</p>
      {inApp && (
        <Button variant="secondary" onClick={() => void call('closeWebView').catch(reportUnexpected)}>
          {t('actions.close')}
        </Button>
      )}
    </Page>
  );
}
