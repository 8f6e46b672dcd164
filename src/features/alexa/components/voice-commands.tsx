import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/card.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import {
  ALEXA_INVOCATION_NAME,
  ALEXA_SKILLS,
  ALEXA_VOICE_LANGUAGES,
  type AlexaVoiceLanguage,
  actionWordsIn,
  defaultVoiceLanguage,
  phrasesFor,
} from '../voice-phrases.ts';
import styles from './alexa.module.css';
import { VoicePhraseList } from './voice-phrase-list.tsx';

/**
 * The seed's command form (action word, the fixed voice name, a skill) and sample commands for the five
 * skills, in the language the user speaks to Alexa: explained in the page's language, spoken in English,
 * German or French. The page's language picks the first tab when Alexa speaks it.
 */
export function VoiceCommands({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation('alexa');
  const [language, setLanguage] = useState<AlexaVoiceLanguage>(() => defaultVoiceLanguage(i18n.language));

  return (
    <>
      <p>{t('voice.intro', { name: ALEXA_INVOCATION_NAME })}</p>
      <p>{t('voice.languages.note')}</p>
      <Tabs
        label={t('voice.languages.label')}
        tabs={ALEXA_VOICE_LANGUAGES.map((id) => ({ id, label: t(`voice.languages.${id}`) }))}
        selected={language}
        onSelect={setLanguage}
      >
        <div className={styles.commands} data-testid="voice-commands" data-language={language}>
          <Card title={t('voice.formula.title')} titleLevel={headingLevel}>
            <dl className={styles.formula}>
              <div>
                <dt>{t('voice.formula.actionWord')}</dt>
                <dd lang={language}>{actionWordsIn(language).join(' / ')}</dd>
              </div>
              <div>
                <dt>{t('voice.formula.voiceName')}</dt>
                {/* The skill's name, said as it is in every language: no translator (or browser) translates it. */}
                <dd lang={language} translate="no">
                  {ALEXA_INVOCATION_NAME}
                </dd>
              </div>
              <div>
                <dt>{t('voice.formula.command')}</dt>
                <dd>{ALEXA_SKILLS.map((skill) => t(`voice.skills.${skill}`)).join(' · ')}</dd>
              </div>
            </dl>
          </Card>
          {ALEXA_SKILLS.map((skill) => (
            <Card key={skill} title={t(`voice.skills.${skill}`)} titleLevel={headingLevel} data-skill={skill}>
              <VoicePhraseList phrases={phrasesFor(skill, language)} />
            </Card>
          ))}
        </div>
      </Tabs>
    </>
  );
}
