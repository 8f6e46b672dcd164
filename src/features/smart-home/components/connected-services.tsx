import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectedService } from '../../../../common/voice-links.ts';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorMessage } from '../../../components/error-message.tsx';
import { useToast } from '../../../components/toast.tsx';
import { requestFailure } from '../../../lib/request-failure.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { unlinkService } from '../api/connected-services.ts';
import styles from './smart-home.module.css';

/**
 * When each link was made, in the page's language: the day, and the time too where the same service was linked twice
 * that day (two Home Assistant instances), so that the user can tell which one Unlink ends.
 */
function linkDates(services: readonly ConnectedService[], language: string): ReadonlyMap<string, string> {
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'long' });
  const dayAndTime = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' });
  const days = services.map((service) => day.format(Date.parse(service.since)));
  return new Map(
    services.map((service, index) => {
      const twin = services.some(
        (other, otherIndex) => otherIndex !== index && other.name === service.name && days[otherIndex] === days[index],
      );
      return [service.id, twin ? dayAndTime.format(Date.parse(service.since)) : days[index]!];
    }),
  );
}

/**
 * The third parties linked through the web login (Home Assistant, a script), each link on its own: two Home
 * Assistant instances are two links, and Unlink ends only the one it stands beside. Shown when there is none too,
 * so that "what else can control my mowers?" always has an answer on this screen.
 */
export function ConnectedServices({ services }: { services: readonly ConnectedService[] }) {
  const { t, i18n } = useTranslation('smartHome');
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const showToast = useToast();
  const [ended, setEnded] = useState<ReadonlySet<string>>(() => new Set());
  const shown = services.filter((service) => !ended.has(service.id));
  const dates = linkDates(shown, i18n.language);

  const unlinked = (service: ConnectedService) => {
    setEnded((previous) => new Set(previous).add(service.id));
    showToast(t('services.done', { name: service.name }), { tone: 'success' });
    // The row that had the focus is gone: the focus stays in this section.
    heading.current?.focus();
  };

  return (
    <section aria-labelledby={headingId} className={styles.services}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.servicesTitle}>
        {t('services.title')}
      </h2>
      {shown.length === 0 ? (
        <p>{t('services.empty')}</p>
      ) : (
        <>
          <p>{t('services.intro')}</p>
          <ul className={styles.serviceList}>
            {shown.map((service) => (
              <ServiceRow
                key={service.id}
                service={service}
                date={dates.get(service.id)!}
                onUnlinked={() => unlinked(service)}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

type Failure = 'offline' | 'failed';

/** One link: its service and date, and Unlink after a confirmation; a failure stays beside it with Retry. */
function ServiceRow({
  service,
  date,
  onUnlinked,
}: {
  service: ConnectedService;
  date: string;
  onUnlinked: () => void;
}) {
  const { t } = useTranslation(['smartHome', 'common']);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<Failure>();
  const unlinking = useSingleFlight();

  const unlink = () => {
    setConfirming(false);
    void unlinking.run(
      async () => {
        await unlinkService(service.id);
        onUnlinked();
      },
      (error) => setFailure(requestFailure(error) === 'offline' ? 'offline' : 'failed'),
    );
  };

  // The button was disabled while the request ran, which took the focus from it: a failure gives it back, on Retry.
  useEffect(() => {
    if (failure && !unlinking.pending) button.current?.focus();
  }, [failure, unlinking.pending]);

  return (
    <Card as="li" className={styles.service}>
      <span className={styles.serviceText}>
        <span id={`${id}-name`} className={styles.name}>
          {service.name}
        </span>
        <span id={`${id}-since`} className={styles.description}>
          {t('services.since', { date })}
        </span>
      </span>
      <Button
        ref={button}
        variant="secondary"
        aria-describedby={`${id}-name ${id}-since`}
        // The user confirmed already: Retry sends the same unlink again.
        onClick={failure ? unlink : () => setConfirming(true)}
        disabled={unlinking.pending}
        aria-busy={unlinking.pending}
      >
        {unlinking.pending ? t('services.unlinking') : failure ? t('common:actions.retry') : t('services.unlink')}
      </Button>
      {failure && !unlinking.pending && (
        <ErrorMessage className={styles.serviceError}>
          {failure === 'offline' ? t('common:offline.message') : t('services.failed', { name: service.name })}
        </ErrorMessage>
      )}
      <ConfirmDialog
        open={confirming}
        destructive
        title={t('services.confirm.title', { name: service.name })}
        confirmLabel={t('services.unlink')}
        cancelLabel={t('services.confirm.cancel')}
        onConfirm={unlink}
        onCancel={() => setConfirming(false)}
        returnFocusTo={button}
      >
        <p>{t('services.confirm.text', { name: service.name, date })}</p>
      </ConfirmDialog>
    </Card>
  );
}
