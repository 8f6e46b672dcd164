import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/card.tsx';
import styles from './alexa.module.css';

/** What the skill may do once linked, and how to link and unlink: from the app, or in the Alexa app (a plain browser). */
export function Explanation({ variant }: { variant: 'app' | 'external' }) {
  const { t } = useTranslation('alexa');
  return (
    <>
      <Card title={t('grants.title')}>
        <p>{t('grants.text')}</p>
        <ul className={styles.grants}>
          <li>{t('grants.control')}</li>
        </ul>
        <p>{t('grants.note')}</p>
      </Card>
      <Card title={t('howToLink.title')}>
        <p>{t(`howToLink.${variant}`)}</p>
      </Card>
      <Card title={t('howToUnlink.title')}>
        <p>{t(`howToUnlink.${variant}`)}</p>
      </Card>
    </>
  );
}
