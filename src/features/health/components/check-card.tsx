import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './check-card.module.css';

export type CheckStatus = 'ok' | 'failed' | 'checking';

const ICONS: Record<CheckStatus, string> = { ok: '✓', failed: '!', checking: '…' };

export function CheckCard({
  id,
  label,
  status,
  children,
}: {
  id: string;
  label: string;
  status: CheckStatus;
  children?: ReactNode;
}) {
  const { t } = useTranslation('health');
  return (
    <section className={styles.card} aria-labelledby={`${id}-label`} data-testid={`check-${id}`} data-status={status}>
      <div className={styles.header}>
        <h2 id={`${id}-label`} className={styles.label}>
          {label}
        </h2>
        <span className={`${styles.status} ${styles[status]}`}>
          <span aria-hidden="true">{ICONS[status]} </span>
          {t(`status.${status}`)}
        </span>
      </div>
      {children && <div className={styles.details}>{children}</div>}
    </section>
  );
}
