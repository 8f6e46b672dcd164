import { LineIcon } from '../../../components/line-icon.tsx';

/** What each of the newsletter's benefits is about, as a pictogram. */
export type Benefit = 'tips' | 'updates' | 'offers';

const PATHS: Record<Benefit, string> = {
  // A leaf on its stem: the lawn through the seasons.
  tips: 'M5 19c0-8 5-13.5 14-14.5C18.5 13.5 13 19 5 19zM5 19l7-7',
  // Two turning arrows: an update.
  updates: 'M19.5 12a7.5 7.5 0 0 1-13 5.1M4.5 12a7.5 7.5 0 0 1 13-5.1M18 3.5v3.8h-3.8M6 20.5v-3.8h3.8',
  // A price tag: an offer.
  offers: 'M3.5 12.6V4.5a1 1 0 0 1 1-1h8.1l8 8a1.4 1.4 0 0 1 0 2l-7.1 7.1a1.4 1.4 0 0 1-2 0zM8 8h.01',
};

/** A benefit's pictogram; decorative, the benefit's title says it. */
export function BenefitIcon({ benefit, className }: { benefit: Benefit; className?: string }) {
  return <LineIcon path={PATHS[benefit]} className={className} />;
}
