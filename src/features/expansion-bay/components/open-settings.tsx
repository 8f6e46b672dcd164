import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { ErrorMessage } from '../../../components/error-message.tsx';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { openMowerSettings } from '../api/open-mower-settings.ts';

/** Opens the app's settings of the mower, where it shows what is installed; a failure says so and may be retried. */
export function OpenSettings({ vehicleSn, text }: { vehicleSn: string; text: string }) {
  const { t } = useTranslation('expansionBay');
  const opening = useSingleFlight();
  const [failed, setFailed] = useState(false);

  const open = () =>
    opening.run(
      async () => {
        setFailed(false);
        await openMowerSettings(vehicleSn);
      },
      () => setFailed(true),
    );

  return (
    <Card title={t('settings.title')}>
      <p>{text}</p>
      {failed && <ErrorMessage>{t('settings.failed')}</ErrorMessage>}
      <Button variant="secondary" onClick={() => void open()} disabled={opening.pending}>
        {opening.pending ? t('settings.opening') : t('settings.open')}
      </Button>
    </Card>
  );
}
