import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { CloseButton } from '../../../components/close-button.tsx';
import { Link } from '../../../components/link.tsx';
import { Page } from '../../../components/page.tsx';
import { ResultScreen } from '../../../components/result-screen.tsx';
import { useAsync } from '../../../lib/use-async.ts';
import { alexaHref } from '../alexa-links.ts';
import {
  type AmazonReturn,
  amazonErrorOutcome,
  type LinkFailure,
  type LinkOutcome,
  completeOnce,
  readAmazonReturn,
} from '../link-outcome.ts';
import { defaultVoiceLanguage, firstPhrases } from '../voice-phrases.ts';
import { VoicePhraseList } from './voice-phrase-list.tsx';
import { usePageNavigate } from '../../../lib/page-language.ts';

function outcomeOf(answer: AmazonReturn): Promise<LinkOutcome> {
  switch (answer.kind) {
    case 'code':
      return completeOnce(answer.code, answer.state);
    case 'error':
      return Promise.resolve(amazonErrorOutcome(answer.error));
    case 'missing':
      return Promise.resolve({ status: 'failure', reason: 'missing' });
  }
}

function LinkSucceeded() {
  const { t, i18n } = useTranslation('alexa');
  return (
    <ResultScreen
      status="success"
      title={t('bind.success.title')}
      message={t('bind.success.text')}
      actions={
        <>
          <CloseButton label={t('actions.done')} />
          <Link variant="secondary" to={alexaHref.voiceGuide()}>
            {t('bind.success.allCommands')}
          </Link>
        </>
      }
    >
      <VoicePhraseList phrases={firstPhrases(defaultVoiceLanguage(i18n.language))} />
    </ResultScreen>
  );
}

function LinkFailed({ reason }: { reason: LinkFailure }) {
  const { t } = useTranslation(['alexa', 'common']);
  const navigate = usePageNavigate();
  const canRetry = reason !== 'notInApp';
  return (
    <ResultScreen
      status="failure"
      title={t('bind.failure.title')}
      message={t(`bind.failure.${reason === 'load' ? 'other' : reason}`)}
      actions={
        <>
          {canRetry && <Button onClick={() => navigate(alexaHref.startLink())}>{t('common:actions.retry')}</Button>}
          <CloseButton label={t('actions.close')} variant="secondary" />
        </>
      }
    >
      <p>
        <Link to={alexaHref.troubleshooting()}>{t('bind.failure.help')}</Link>
      </p>
    </ResultScreen>
  );
}

/**
 * Route `smartHome/alexa/appBind`: the return leg of app-to-app linking. Amazon sends the user here with its
 * `code` and our `state` (or an `error`, such as `access_denied`); the server checks the state, redeems the code
 * at Amazon and enables the skill. The outcome for a state is remembered, so a reload or a second arrival of the
 * same answer shows the same page instead of a failure after a success.
 */
export function AppLinkScreen() {
  const [params] = useSearchParams();
  const answer = readAmazonReturn(params);
  // An address without Amazon's answer is known to lead nowhere from the first render (and from the server's).
  if (answer.kind === 'missing') return <LinkFailed reason="missing" />;
  // Another answer in the address is another linking attempt, with nothing carried over from the last one.
  return <CompleteLink key={params.toString()} answer={answer} />;
}

function CompleteLink({ answer }: { answer: AmazonReturn }) {
  const { t } = useTranslation('alexa');
  const outcome = useAsync(() => outcomeOf(answer));

  if (outcome.status === 'pending') {
    return (
      <Page title={t('bind.title')}>
        <p role="status">{t('bind.completing')}</p>
      </Page>
    );
  }
  if (outcome.status === 'error') return <LinkFailed reason="load" />;
  return outcome.data.status === 'success' ? <LinkSucceeded /> : <LinkFailed reason={outcome.data.reason} />;
}
