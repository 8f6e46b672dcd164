import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardTitle } from '../../../components/card.tsx';
import styles from './check-card.module.css';

export type CheckStatus = 'ok' | 'failed' | 'checking';

// No sign while checking: its words already end in an ellipsis ("Checking…").
const ICONS: Partial<Record<CheckStatus, string>> = { ok: '✓', failed: '!' };

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
    <Card as="section" aria-labelledby={`${id}-label`} data-testid={`check-${id}`} data-status={status}>
      <div className={styles.header}>
        <CardTitle id={`${id}-label`}>{label}</CardTitle>
        <span className={`${styles.status} ${styles[status]}`}>
          {ICONS[status] && <span aria-hidden="true">{ICONS[status]} </span>}
          {t(`status.${status}`)}
        </span>
      </div>
      {children && <div className={styles.details}>{children}</div>}
    </Card>
  );
}
