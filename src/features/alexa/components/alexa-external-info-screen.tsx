import { useTranslation } from 'react-i18next';
import { Illustration } from '../../../components/illustration.tsx';
import { Page } from '../../../components/page.tsx';
import styles from './alexa.module.css';
import { Explanation } from './explanation.tsx';
import { VoiceCommands } from './voice-commands.tsx';

/**
 * Route `smartHome/alexa/externalInfo`: the same explanation for a plain browser outside the app (opened from
 * the Alexa app's skill page, say). It knows no account and asks nothing of a native app: no bridge call, no
 * API request; linking is done in the Alexa app, and the voice commands are on the page itself.
 */
export function AlexaExternalInfoScreen() {
  const { t } = useTranslation('alexa');
  return (
    <Page title={t('title')}>
      <p>{t('intro')}</p>
      <Illustration scene="voice" />
      <Explanation variant="external" />
      <section className={styles.commands} aria-labelledby="alexa-voice-commands">
        <h2 id="alexa-voice-commands" className={styles.sectionTitle}>
          {t('voice.title')}
        </h2>
        <VoiceCommands headingLevel={3} />
      </section>
    </Page>
  );
}
