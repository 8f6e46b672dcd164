import { useTranslation } from 'react-i18next';
import { Illustration } from '../../../components/illustration.tsx';
import { Page } from '../../../components/page.tsx';
import { Step, StepList } from '../../../components/step-list.tsx';
import { OK_HOLD_SECONDS, POWER_ON_WAIT_SECONDS } from '../guide-constants.ts';
import { PhonePermissions } from './phone-permissions.tsx';

/** Bluetooth connection troubleshooting (route `connectSolutions`): is the mower on, then reconnect. */
export function ConnectSolutionsScreen() {
  const { t } = useTranslation('connectSolutions');
  return (
    <Page title={t('title')}>
      <p>{t('intro')}</p>

      <StepList>
        <Step
          label={t('stepLabel', { number: 1 })}
          title={t('step1.title')}
          pictures={
            <>
              <Illustration scene="pressOk" />
              <Illustration scene="ambientLight" />
            </>
          }
        >
          <ol>
            <li>{t('step1.hold', { count: OK_HOLD_SECONDS })}</li>
            <li>{t('step1.wait', { count: POWER_ON_WAIT_SECONDS })}</li>
          </ol>
          <p>{t('step1.signs')}</p>
        </Step>

        <Step
          label={t('stepLabel', { number: 2 })}
          title={t('step2.title')}
          pictures={<Illustration scene="reconnect" />}
        >
          <ul>
            <li>{t('step2.ifOn')}</li>
            <li>{t('step2.ifOff')}</li>
          </ul>
        </Step>
      </StepList>

      <PhonePermissions />
    </Page>
  );
}
