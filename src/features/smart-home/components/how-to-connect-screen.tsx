import { useTranslation } from 'react-i18next';
import { Illustration } from '../../../components/illustration.tsx';
import { Page } from '../../../components/page.tsx';
import { Step, StepList } from '../../../components/step-list.tsx';

/**
 * The link made in the partner's own app, step by step: its namespace holds `howTo.title`, `howTo.lead`, each step's
 * `title` and `text`, and `howTo.closing`.
 */
const PLATFORMS = {
  /** The Google Home app's own path to a cloud-to-cloud integration: + > Device > Works with Google. */
  google: { namespace: 'googleHome', steps: ['open', 'add', 'worksWith', 'search', 'signIn'] },
  /**
   * The flow every partner app follows (add a device, sign in on the Navimow login page, agree), not Hornbach's
   * menus, which are theirs and change.
   */
  hornbach: { namespace: 'hornbach', steps: ['open', 'add', 'signIn', 'agree', 'done'] },
} as const;

/** Routes `smartHome/googleHome/howToConnect` and `smartHome/hornbach/howToConnect`. */
export function HowToConnectScreen({ platform }: { platform: keyof typeof PLATFORMS }) {
  const { namespace, steps } = PLATFORMS[platform];
  const { t } = useTranslation(namespace);
  return (
    <Page title={t('howTo.title')}>
      <p>{t('howTo.lead')}</p>
      <Illustration scene="link" />
      <StepList>
        {steps.map((step, index) => (
          <Step key={step} label={t('howTo.stepLabel', { number: index + 1 })} title={t(`howTo.${step}.title`)}>
            <p>{t(`howTo.${step}.text`)}</p>
          </Step>
        ))}
      </StepList>
      <p>{t('howTo.closing')}</p>
    </Page>
  );
}
