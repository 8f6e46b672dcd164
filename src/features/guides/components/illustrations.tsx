import type { ReactNode } from 'react';
import styles from './illustrations.module.css';

/*
 * Small pictures for the guides. They repeat what the text beside them says, so screen readers skip them
 * (aria-hidden); the few words inside them come from the locale files like every other text.
 */

function Svg({ viewBox, children }: { viewBox: string; children: ReactNode }) {
  return (
    <svg className={styles.illustration} viewBox={viewBox} aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** A finger holding the mower's OK button, with how long to hold it. */
export function OkButtonIllustration({ buttonLabel, durationLabel }: { buttonLabel: string; durationLabel: string }) {
  return (
    <Svg viewBox="0 0 120 80">
      <rect className={styles.body} x="8" y="34" width="84" height="38" rx="10" />
      <circle className={styles.face} cx="50" cy="53" r="13" />
      <text className={styles.label} x="50" y="57" textAnchor="middle">
        {buttonLabel}
      </text>
      <path className={styles.body} d="M44 38 V12 a6 6 0 0 1 12 0 V38 Z" />
      <path className={styles.muted} d="M96 22 a14 14 0 1 1 -10 -13" />
      <path className={styles.line} d="M86 5 l0 5 l5 -1" />
      <text className={styles.label} x="92" y="27" textAnchor="middle">
        {durationLabel}
      </text>
    </Svg>
  );
}

/** The mower's ambient light blinking yellow while a sound plays. */
export function AmbientLightIllustration() {
  return (
    <Svg viewBox="0 0 120 80">
      <path className={styles.body} d="M14 66 Q14 36 44 32 H78 Q104 36 104 66 Z" />
      <circle className={styles.body} cx="32" cy="68" r="8" />
      <circle className={styles.body} cx="88" cy="68" r="8" />
      <rect className={styles.yellow} x="46" y="36" width="28" height="7" rx="3.5" />
      <path className={styles.rays} d="M60 26 V16 M44 28 L38 20 M76 28 L82 20" />
      <path className={styles.muted} d="M100 14 q6 6 0 12 M106 9 q11 11 0 22" />
      <path className={styles.body} d="M90 16 h4 l5 -4 v16 l-5 -4 h-4 Z" />
    </Svg>
  );
}

/** A battery filled to a level, with the level needed marked on it. */
export function BatteryIllustration({ percent, markLabel }: { percent: number; markLabel: string }) {
  const inner = 66;
  const fillWidth = (inner * Math.min(Math.max(percent, 0), 100)) / 100;
  const markX = 12 + fillWidth;
  return (
    <Svg viewBox="0 0 120 80">
      <rect className={styles.body} x="8" y="30" width="74" height="36" rx="6" />
      <rect className={styles.body} x="82" y="40" width="6" height="16" rx="2" />
      <rect className={styles.accent} x="12" y="34" width={fillWidth} height="28" rx="3" />
      <path className={styles.mark} d={`M${markX} 24 V72`} />
      <text className={styles.label} x={markX} y="18" textAnchor="middle">
        {markLabel}
      </text>
    </Svg>
  );
}

/** An almost empty battery charging on the station, with a clock: it takes a while. */
export function ChargingBatteryIllustration() {
  return (
    <Svg viewBox="0 0 120 80">
      <rect className={styles.body} x="8" y="30" width="74" height="36" rx="6" />
      <rect className={styles.body} x="82" y="40" width="6" height="16" rx="2" />
      <rect className={styles.low} x="12" y="34" width="6" height="28" rx="2" />
      <path className={styles.yellow} d="M50 32 L36 50 H46 L40 64 L58 44 H48 L54 32 Z" />
      <circle className={styles.face} cx="102" cy="20" r="13" />
      <path className={styles.line} d="M102 12 V20 L108 24" />
    </Svg>
  );
}

/** The charging station's base plate with its screws, and the silicone pegs beneath it. */
export function ChargingStationIllustration({ screws, pegs }: { screws: number; pegs: number }) {
  const spread = (count: number, from: number, to: number) =>
    Array.from({ length: count }, (_, index) => from + ((to - from) * index) / Math.max(count - 1, 1));
  return (
    <Svg viewBox="0 0 120 80">
      <rect className={styles.body} x="40" y="8" width="40" height="26" rx="6" />
      <path className={styles.body} d="M8 48 L20 34 H100 L112 48 Z" />
      {spread(screws, 24, 96).map((x) => (
        <g key={`screw-${x}`}>
          <circle className={styles.face} cx={x} cy="41" r="4" />
          <path className={styles.line} d={`M${x - 2} 39 l4 4 M${x + 2} 39 l-4 4`} />
        </g>
      ))}
      {spread(pegs, 24, 96).map((x) => (
        <path key={`peg-${x}`} className={styles.body} d={`M${x - 4} 56 h8 v10 l-4 8 l-4 -8 Z`} />
      ))}
    </Svg>
  );
}

/** A thermometer with the storage range between its two marks. */
export function ThermometerIllustration({ lowLabel, highLabel }: { lowLabel: string; highLabel: string }) {
  return (
    <Svg viewBox="0 0 120 80">
      <path className={styles.body} d="M30 8 a7 7 0 0 1 14 0 V52 a12 12 0 1 1 -14 0 Z" />
      <circle className={styles.accent} cx="37" cy="62" r="8" />
      <rect className={styles.accent} x="34" y="22" width="6" height="40" />
      <path className={styles.line} d="M48 22 H58 M48 48 H58" />
      <text className={styles.label} x="62" y="26">
        {highLabel}
      </text>
      <text className={styles.label} x="62" y="52">
        {lowLabel}
      </text>
    </Svg>
  );
}
