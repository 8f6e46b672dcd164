import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GOOGLE_COMMANDS } from '../../../../common/voice-links.ts';
import { Card } from '../../../components/card.tsx';
import { Page } from '../../../components/page.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { useAsync } from '../../../lib/use-async.ts';
import { getMowerNames } from '../api/mower-names.ts';
import {
  defaultGoogleVoiceLanguage,
  GOOGLE_VOICE_LANGUAGES,
  type GoogleVoiceLanguage,
  googlePhrase,
  isGoogleVoiceLanguage,
  spokenMower,
} from '../voice-phrases.ts';
import styles from './google-home.module.css';

/** The five commands (seed section 9) in the Assistant's language, with the mower's name or, for the only mower, the word for it. */
function Examples({ name, spoken }: { name: string | undefined; spoken: GoogleVoiceLanguage }) {
  const { t } = useTranslation('googleHome');
  return (
    <dl className={styles.examples}>
      {GOOGLE_COMMANDS.map((command) => (
        <div key={command}>
          <dt>{t(`voice.commandNames.${command}`)}</dt>
          <dd lang={spoken}>{googlePhrase(command, spoken, name)}</dd>
        </div>
      ))}
    </dl>
  );
}

function ExamplesCard({ names, spoken }: { names: readonly string[]; spoken: GoogleVoiceLanguage }) {
  const { t } = useTranslation('googleHome');
  // Google needs the mower's name, unless the account has only one: then "the mower" will do.
  const [first] = names;
  const several = names.length > 1 && first !== undefined;
  return (
    <Card
      title={several ? t('voice.examplesFor', { name: first }) : t('voice.examplesTitle')}
      data-testid="google-voice-examples"
    >
      {names.length === 1 && <p>{t('voice.oneMower', { name: first, mower: spokenMower(spoken) })}</p>}
      <Examples name={several ? first : undefined} spoken={spoken} />
    </Card>
  );
}

/**
 * The language the examples are in: the page's when Google Assistant speaks it, else English; a user picks the
 * one their Assistant is set to (language names from Intl, in the page's language). Where the Assistant does not
 * speak the page's language, the page says so.
 */
function SpokenLanguagePicker({
  spoken,
  onChange,
}: {
  spoken: GoogleVoiceLanguage;
  onChange: (language: GoogleVoiceLanguage) => void;
}) {
  const { t, i18n } = useTranslation('googleHome');
  const names = new Intl.DisplayNames([i18n.language], { type: 'language' });
  return (
    <>
      {!isGoogleVoiceLanguage(i18n.language) && (
        <p data-testid="google-voice-not-spoken">{t('voice.notSpoken', { language: names.of(i18n.language) })}</p>
      )}
      <SelectField
        label={t('voice.spokenLanguage')}
        value={spoken}
        onChange={(event) => {
          if (isGoogleVoiceLanguage(event.target.value)) onChange(event.target.value);
        }}
      >
        {GOOGLE_VOICE_LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {names.of(language)}
          </option>
        ))}
      </SelectField>
    </>
  );
}

/**
 * Route `smartHome/googleHome/voiceInfo`: the voice commands for Google, shown with the user's own mower names
 * (from the app's mower list, else the API); while they load, or without any, with the word for mower; when they
 * cannot be loaded, the page says why the examples do not name them.
 */
export function VoiceInfoScreen() {
  const { t, i18n } = useTranslation('googleHome');
  const names = useAsync((signal) => getMowerNames(signal));
  const [spoken, setSpoken] = useState<GoogleVoiceLanguage>(() => defaultGoogleVoiceLanguage(i18n.language));
  const list = names.status === 'success' ? names.data : [];
  const mower = spokenMower(spoken);
  return (
    <Page title={t('voice.title')}>
      <p>{t('voice.lead')}</p>
      <p>{t('voice.rule', { mower })}</p>
      <SpokenLanguagePicker spoken={spoken} onChange={setSpoken} />
      {names.status === 'error' && (
        <p role="status" data-testid="google-voice-names-failed">
          {t('voice.namesFailed', { mower })}
        </p>
      )}
      <ExamplesCard names={list} spoken={spoken} />
      {list.length > 1 && (
        <Card title={t('voice.yourMowers')}>
          <ul>
            {list.map((name, index) => (
              <li key={`${index}-${name}`}>{name}</li>
            ))}
          </ul>
        </Card>
      )}
      <p>{t('voice.rename')}</p>
      <p>{t('voice.languages')}</p>
    </Page>
  );
}
