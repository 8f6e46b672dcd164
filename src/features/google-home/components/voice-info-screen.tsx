import { useTranslation } from 'react-i18next';
import { GOOGLE_COMMANDS } from '../../../../common/voice-links.ts';
import { Card } from '../../../components/card.tsx';
import { Page } from '../../../components/page.tsx';
import { useAsync } from '../../../lib/use-async.ts';
import { getMowerNames } from '../api/mower-names.ts';
import styles from './google-home.module.css';

/** The five commands (seed section 9), with the mower's name or, for the only mower, the word for it. */
function Examples({ name }: { name: string | undefined }) {
  const { t } = useTranslation('googleHome');
  return (
    <dl className={styles.examples}>
      {GOOGLE_COMMANDS.map((command) => (
        <div key={command}>
          <dt>{t(`voice.commandNames.${command}`)}</dt>
          <dd>{name === undefined ? t(`voice.theMower.${command}`) : t(`voice.named.${command}`, { name })}</dd>
        </div>
      ))}
    </dl>
  );
}

function ExamplesCard({ names }: { names: readonly string[] }) {
  const { t } = useTranslation('googleHome');
  // Google needs the mower's name, unless the account has only one: then "the mower" will do.
  const [first] = names;
  const several = names.length > 1 && first !== undefined;
  return (
    <Card title={several ? t('voice.examplesFor', { name: first }) : t('voice.examplesTitle')} data-testid="google-voice-examples">
      {names.length === 1 && <p>{t('voice.oneMower', { name: first })}</p>}
      <Examples name={several ? first : undefined} />
    </Card>
  );
}

/**
 * Route `smartHome/googleHome/voiceInfo`: the voice commands for Google, shown with the user's own mower names
 * (from the app's mower list, else the API); while they load, or without any, with the word for mower; when they
 * cannot be loaded, the page says why the examples do not name them.
 */
export function VoiceInfoScreen() {
  const { t } = useTranslation('googleHome');
  const names = useAsync((signal) => getMowerNames(signal));
  const list = names.status === 'success' ? names.data : [];
  return (
    <Page title={t('voice.title')}>
      <p>{t('voice.lead')}</p>
      <p>{t('voice.rule')}</p>
      {names.status === 'error' && (
        <p role="status" data-testid="google-voice-names-failed">
          {t('voice.namesFailed')}
        </p>
      )}
      <ExamplesCard names={list} />
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
