import type { VoicePhrase } from '../voice-phrases.ts';
import styles from './alexa.module.css';

/** Commands as the user says them, each marked with its language so that screen readers pronounce it right. */
export function VoicePhraseList({ phrases }: { phrases: readonly VoicePhrase[] }) {
  return (
    <ul className={styles.phrases}>
      {phrases.map((phrase) => (
        <li key={phrase.text} lang={phrase.language} className={styles.phrase}>
          {phrase.text}
        </li>
      ))}
    </ul>
  );
}
