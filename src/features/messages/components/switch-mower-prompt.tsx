import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { ErrorMessage } from '../../../components/error-message.tsx';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { switchMower } from '../api/switch-mower.ts';

/**
 * A message about another mower than the app's current one: the seed's prompt to switch to it, which restarts
 * the app (seed sections 4 and 8).
 */
export function SwitchMowerPrompt({ mower }: { mower: { serial_number: string; name: string } }) {
  const { t } = useTranslation('messages');
  const { pending, run } = useSingleFlight();
  const [failed, setFailed] = useState(false);
  const [switching, setSwitching] = useState(false);

  const onSwitch = () => {
    setFailed(false);
    void run(
      async () => {
        await switchMower(mower.serial_number);
        // The app restarts now; the button stays busy until it does.
        setSwitching(true);
      },
      () => setFailed(true),
    );
  };

  const busy = pending || switching;
  return (
    <Card tone="warning" title={t('switchMower.title')} data-testid="switch-mower">
      <p>{t('switchMower.text', { name: mower.name })}</p>
      <p>{t('switchMower.warning')}</p>
      {failed && <ErrorMessage>{t('switchMower.failed')}</ErrorMessage>}
      <Button onClick={onSwitch} disabled={busy}>
        {busy ? t('switchMower.switching') : t('switchMower.button')}
      </Button>
    </Card>
  );
}
