import { useTranslation } from 'react-i18next';
import { CloseButton } from '../../../components/close-button.tsx';
import { ResultScreen } from '../../../components/result-screen.tsx';

/** The thank-you after a stored comment, with a way back into the app. */
export function CommentSent() {
  const { t } = useTranslation('comments');
  return (
    <ResultScreen
      status="success"
      title={t('success.title')}
      message={t('success.text')}
      actions={<CloseButton variant="secondary" />}
    />
  );
}
