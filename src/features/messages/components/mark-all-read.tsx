import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageFilter } from '../../../../common/messages.ts';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { requestFailure } from '../../../lib/request-failure.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { markAllRead } from '../api/mark-all-read.ts';
import { markedAllRead } from '../message-store.ts';

// The confirmation opens only on a tap: its code is fetched once the centre is on screen, not with its first view
// (docs/decisions/003-first-load-budget.md, update of 2026-11-27), so that a tap finds it there.
const loadConfirmDialog = () => import('../../../components/confirm-dialog.tsx');
const ConfirmDialog = lazy(async () => ({ default: (await loadConfirmDialog()).ConfirmDialog }));

/**
 * "Mark all read" for one tab, after a confirmation. It reads up to `newest`, the newest message the reader has
 * loaded, so that a message arriving meanwhile, which they have not seen, stays unread.
 */
export function MarkAllRead({
  category,
  newest,
  onMarked,
}: {
  category: MessageFilter;
  newest: string | undefined;
  /** After the server has marked them. */
  onMarked: () => void;
}) {
  const { t } = useTranslation(['messages', 'common']);
  const showToast = useToast();
  const [confirming, setConfirming] = useState(false);
  /** Whether the confirmation was ever asked for: until then it is not rendered (nor its code needed). */
  const [asked, setAsked] = useState(false);
  const { pending, run } = useSingleFlight();

  useEffect(() => {
    // A failure here is the lazy component's to show when the dialog is asked for.
    loadConfirmDialog().catch(() => undefined);
  }, []);

  const confirm = () => {
    setConfirming(false);
    if (!newest) return;
    void run(
      async () => {
        const unread = await markAllRead({ category, up_to: newest });
        markedAllRead(category, newest, unread);
        showToast(t('markAll.done'), { tone: 'success' });
        onMarked();
      },
      (error) =>
        showToast(requestFailure(error) === 'signedOut' ? t('common:session.signedOut') : t('markAll.failed'), {
          tone: 'error',
        }),
    );
  };

  return (
    <>
      <Button
        variant="secondary"
        disabled={pending || !newest}
        onClick={() => {
          setAsked(true);
          setConfirming(true);
        }}
      >
        {t('actions.markAllRead')}
      </Button>
      {asked && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            title={t('markAll.title')}
            confirmLabel={t('markAll.confirm')}
            cancelLabel={t('markAll.cancel')}
            onConfirm={confirm}
            onCancel={() => setConfirming(false)}
          >
            <p>{category === 'all' ? t('markAll.textAll') : t('markAll.textCategory')}</p>
          </ConfirmDialog>
        </Suspense>
      )}
    </>
  );
}
