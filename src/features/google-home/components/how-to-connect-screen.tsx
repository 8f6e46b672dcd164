import { useTranslation } from 'react-i18next';
import { Illustration } from '../../../components/illustration.tsx';
import { Page } from '../../../components/page.tsx';
import { Step, StepList } from '../../../components/step-list.tsx';

/** The Google Home app's own path to a cloud-to-cloud integration: + > Device > Works with Google. */
const STEPS = ['open', 'add', 'worksWith', 'search', 'signIn'] as const;

/** Route `smartHome/googleHome/howToConnect`: linking the Navimow account from the Google Home app, step by step. */
export function HowToConnectScreen() {
  const { t } = useTranslation('googleHome');
  return (
    <Page title={t('howTo.title')}>
      <p>{t('howTo.lead')}</p>
      <Illustration scene="link" />
      <StepList>
        {STEPS.map((step, index) => (
          <Step key={step} label={t('howTo.stepLabel', { number: index + 1 })} title={t(`howTo.${step}.title`)}>
            <p>{t(`howTo.${step}.text`)}</p>
          </Step>
        ))}
      </StepList>
      <p>{t('howTo.done')}</p>
    </Page>
  );
}
