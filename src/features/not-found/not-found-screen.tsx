import { useTranslation } from 'react-i18next';
import { CloseButton } from '../../components/close-button.tsx';
import { ResultScreen } from '../../components/result-screen.tsx';

/** Any unknown path: a localized result screen, with a way back into the app when there is one. */
export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <ResultScreen
      status="failure"
      title={t('notFound.title')}
      message={t('notFound.message')}
      actions={<CloseButton variant="secondary" />}
    />
  );
}
