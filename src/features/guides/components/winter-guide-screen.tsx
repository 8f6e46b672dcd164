import { useTranslation } from 'react-i18next';
import { MIN_HIBERNATION_BATTERY_PERCENT } from '../../../../common/hibernation.ts';
import { Illustration } from '../../../components/illustration.tsx';
import { Page } from '../../../components/page.tsx';
import { Step, StepList } from '../../../components/step-list.tsx';
import {
  OK_HOLD_SECONDS,
  STATION_PEG_COUNT,
  STATION_SCREW_COUNT,
  STORAGE_MAX_CELSIUS,
  STORAGE_MIN_CELSIUS,
  toFahrenheit,
} from '../guide-constants.ts';
import { HibernationPanel } from './hibernation-panel.tsx';

/** Winter storage in six steps, with the 'Begin hibernating' action in step 3 (route `robotWinterMode/guide`). */
export function WinterGuideScreen() {
  const { t } = useTranslation('winterGuide');
  const step = (number: number) => t('stepLabel', { number });
  const percent = MIN_HIBERNATION_BATTERY_PERCENT;

  return (
    <Page title={t('title')}>
      <p>{t('intro')}</p>

      <StepList>
        <Step label={step(1)} title={t('step1.title')} pictures={<Illustration scene="clean" />}>
          <p>{t('step1.body')}</p>
        </Step>

        <Step label={step(2)} title={t('step2.title', { percent })} pictures={<Illustration scene="charge" />}>
          <p>{t('step2.body', { percent })}</p>
        </Step>

        <Step label={step(3)} title={t('step3.title')} pictures={<Illustration scene="hibernate" />}>
          <p>{t('step3.body')}</p>
          <HibernationPanel />
        </Step>

        <Step label={step(4)} title={t('step4.title')} pictures={<Illustration scene="station" />}>
          <ol>
            <li>{t('step4.unplug')}</li>
            <li>{t('step4.screws', { count: STATION_SCREW_COUNT })}</li>
            <li>{t('step4.pegs', { count: STATION_PEG_COUNT })}</li>
          </ol>
        </Step>

        <Step label={step(5)} title={t('step5.title')} pictures={<Illustration scene="store" />}>
          <p>
            {t('step5.body', {
              min: STORAGE_MIN_CELSIUS,
              max: STORAGE_MAX_CELSIUS,
              minF: toFahrenheit(STORAGE_MIN_CELSIUS),
              maxF: toFahrenheit(STORAGE_MAX_CELSIUS),
            })}
          </p>
        </Step>

        <Step label={step(6)} title={t('step6.title')} pictures={<Illustration scene="spring" />}>
          <ol>
            <li>{t('step6.reinstall')}</li>
            <li>{t('step6.charge')}</li>
            <li>{t('step6.switchOn', { count: OK_HOLD_SECONDS })}</li>
          </ol>
        </Step>
      </StepList>
    </Page>
  );
}
