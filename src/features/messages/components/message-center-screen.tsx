import { type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_FILTERS, type MessageFilter } from '../../../../common/messages.ts';
import { Page } from '../../../components/page.tsx';
import { RequestFailureScreen } from '../../../components/request-failure-message.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { ToastProvider } from '../../../components/toast.tsx';
import { reportUnexpected } from '../../../lib/error-reporting/error-reporting.ts';
import type { RequestFailure } from '../../../lib/request-failure.ts';
import { refreshUnreadCounts, useMessageState } from '../message-store.ts';
import { usePullToRefresh } from '../use-pull-to-refresh.ts';
import { useUnreadCounts } from '../use-unread-counts.ts';
import { CategoryPanel } from './category-panel.tsx';
import styles from './messages.module.css';

/**
 * Route `message-center`: the reader's messages by category, with unread counts on the tabs. The route is kept
 * alive: coming back from a message finds the same tab, list and scroll position, with what was read since.
 */
export function MessageCenterScreen() {
  const { t } = useTranslation('messages');
  const [tab, setTab] = useState<MessageFilter>('all');
  const [generation, setGeneration] = useState(0);
  const { unread } = useMessageState();
  useUnreadCounts();

  const refresh = () => {
    setGeneration((count) => count + 1);
    refreshUnreadCounts().catch(reportUnexpected);
  };
  const pull = usePullToRefresh(refresh);
  const onArrival = () => {
    refreshUnreadCounts().catch(reportUnexpected);
    // The list too, unless the reader has scrolled into it: a list that moves under the finger is worse than
    // the count on its tab and Refresh.
    if (window.scrollY === 0) setGeneration((count) => count + 1);
  };
  // The watch for live arrivals (the mower's live stream) is fetched once the centre is on screen, not with its
  // first view (docs/decisions/003-first-load-budget.md): a message that comes in the meantime is in the first list.
  const [LiveArrivals, setLiveArrivals] = useState<ComponentType<{ onArrival: () => void }>>();
  useEffect(() => {
    import('./live-arrivals.tsx').then(
      (module) => setLiveArrivals(() => module.LiveArrivals),
      // Without it the counts still refresh every minute and when the app comes back to the front.
      reportUnexpected,
    );
  }, []);
  const [ended, setEnded] = useState<RequestFailure>();

  if (ended) return <RequestFailureScreen title={t('title')} failure={ended} texts={{ load: t('list.failed') }} />;

  return (
    <ToastProvider>
      <Page title={t('title')}>
        {LiveArrivals && <LiveArrivals onArrival={onArrival} />}
        {pull > 0 && (
          <div className={styles.pull} aria-hidden="true" style={{ height: `${pull * 48}px` }}>
            <svg viewBox="0 0 24 24" className={styles.pullIcon} style={{ transform: `rotate(${pull * 180}deg)` }}>
              <path d="M12 4v14M6 12l6 6 6-6" />
            </svg>
          </div>
        )}
        <Tabs
          label={t('tabs.label')}
          tabs={MESSAGE_FILTERS.map((filter) => ({
            id: filter,
            label: t(`tabs.${filter}`),
            count: unread?.[filter],
            countLabel: t('tabs.unread', { count: unread?.[filter] ?? 0 }),
          }))}
          selected={tab}
          onSelect={setTab}
        >
          <CategoryPanel key={`${tab}-${generation}`} category={tab} onRefresh={refresh} onEnded={setEnded} />
        </Tabs>
      </Page>
    </ToastProvider>
  );
}
