import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';
import { VoiceCommands } from './voice-commands.tsx';

/**
 * Route `smartHome/alexa/voiceInfo`: how to talk to the Navimow skill (seed section 9): action word, the fixed
 * voice name 'Segway robot' and one of five skills, in English, German or French.
 */
export function VoiceInfoScreen() {
  const { t } = useTranslation('alexa');
  return (
    <Page title={t('voice.title')}>
      <VoiceCommands />
    </Page>
  );
}
