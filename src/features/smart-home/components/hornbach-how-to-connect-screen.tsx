import { useTranslation } from 'react-i18next';
import { Illustration } from '../../../components/illustration.tsx';
import { Page } from '../../../components/page.tsx';
import { Step, StepList } from '../../../components/step-list.tsx';

const STEPS = ['open', 'add', 'signIn', 'agree', 'done'] as const;

/**
 * Route `smartHome/hornbach/howToConnect`: linking the mower in Hornbach's smart-home app. The steps name the
 * flow every partner app follows (add a device, sign in on the Navimow login page, agree), not Hornbach's
 * menus, which are theirs and change.
 */
export function HornbachHowToConnectScreen() {
  const { t } = useTranslation('hornbach');
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
      <p>{t('howTo.trouble')}</p>
    </Page>
  );
}
