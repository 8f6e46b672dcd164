import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './tabs.module.css';
import { VisuallyHidden } from './visually-hidden.tsx';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
  /** A number beside the label (new messages); none is shown for 0 or undefined. */
  count?: number;
  /** What the number means, for screen readers ("3 unread"); without it they read the bare number. */
  countLabel?: string;
}

/**
 * Tabs over one panel (the selected tab's content): an ARIA tablist where the arrow keys, Home and End move
 * between tabs and select them, and only the selected tab is in the Tab order. Counts are shown in the
 * page's language's digits and read with the tab's name.
 */
export function Tabs<Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
}: {
  /** What the tabs choose between, for screen readers ("Message categories"). */
  label: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  children: ReactNode;
}) {
  const { i18n } = useTranslation();
  const id = useId();
  const buttons = useRef(new Map<Id, HTMLButtonElement>());
  const numbers = new Intl.NumberFormat(i18n.language);
  const tabId = (tab: Id) => `${id}-tab-${tab}`;
  const panelId = `${id}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const next = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = tabs[(next + tabs.length) % tabs.length]!;
    onSelect(target.id);
    buttons.current.get(target.id)?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label={label} className={styles.tablist} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const isSelected = tab.id === selected;
          const count = tab.count ? numbers.format(tab.count) : undefined;
          return (
            <button
              key={tab.id}
              ref={(button) => {
                if (button) buttons.current.set(tab.id, button);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={isSelected}
              aria-controls={isSelected ? panelId : undefined}
              tabIndex={isSelected ? 0 : -1}
              className={styles.tab}
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
              {count !== undefined && (
                <>
                  {' '}
                  <span className={styles.count} aria-hidden={tab.countLabel ? true : undefined}>
                    {count}
                  </span>
                  {tab.countLabel && <VisuallyHidden>{tab.countLabel}</VisuallyHidden>}
                </>
              )}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} tabIndex={0} className={styles.panel}>
        {children}
      </div>
    </div>
  );
}
