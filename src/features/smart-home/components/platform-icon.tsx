import type { VoicePlatform } from '../../../../common/voice-links.ts';
import styles from './smart-home.module.css';

/**
 * Neutral icons for the platforms, drawn here, never their logos: Amazon's and Google's marks may be shown only
 * under their brand programmes' approval (certified "Works with" badges), Hornbach's only with its consent
 * (docs/decisions/027-…). A smart speaker, a speech bubble, a house; the name beside it says which.
 */
const PATHS: Readonly<Record<VoicePlatform, string>> = {
  alexa: 'M8 7c0-2 3-3 8-3s8 1 8 3v16c0 2-3 3-8 3s-8-1-8-3zM8 9c0 2 3 3 8 3s8-1 8-3M13 20h6',
  google: 'M6 8a3 3 0 0 1 3-3h14a3 3 0 0 1 3 3v10a3 3 0 0 1-3 3H14l-5 4v-4a3 3 0 0 1-3-3zM12 13h0M16 13h0M20 13h0',
  hornbach: 'M5 15 16 6l11 9M8 13v12h16V13M14 25v-6h4v6',
};

export function PlatformIcon({ platform }: { platform: VoicePlatform }) {
  return (
    <span className={styles.platformIcon} aria-hidden="true">
      <svg viewBox="0 0 32 32" focusable="false">
        <path d={PATHS[platform]} />
      </svg>
    </span>
  );
}
