import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { ErrorMessage } from '../../../components/error-message.tsx';
import { openAppStore } from '../../../lib/app-store.ts';
import { useNativeApp } from '../../../lib/bridge/use-native-app.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';

/** "Update the app": the app's page in this phone's store, through the app; only inside the app. */
export function UpdateAppButton() {
  const { t } = useTranslation('sharing');
  const opening = useSingleFlight();
  const [failed, setFailed] = useState(false);
  if (!useNativeApp()) return null;
  const open = () =>
    opening.run(
      async () => {
        setFailed(false);
        await openAppStore();
      },
      () => setFailed(true),
    );
  return (
    <>
      {failed && <ErrorMessage>{t('outdated.storeFailed')}</ErrorMessage>}
      <Button disabled={opening.pending} onClick={() => void open()}>
        {t('outdated.update')}
      </Button>
    </>
  );
}
