import type { ReactNode } from 'react';
import styles from './scenes.module.css';

/**
 * The product's pictures, drawn for Navimow: the mower (side view, with its antenna and brand band), its charging
 * station and a phone, in scenes for the guides and the smart-home how-tos. No words in a picture (the page says
 * them, in the reader's language); colours from the tokens, so they follow light and dark. Loaded apart from the
 * pages, below the fold (`illustration.tsx`), so that no page's first load grows.
 */

const GROUND = 150;

function Lawn() {
  return (
    <>
      <rect className={styles.lawn} x="0" y={GROUND} width="320" height="30" rx="6" />
      <path className={styles.line} d={`M8 ${GROUND}H312`} />
      <path className={styles.line} d="M24 150l3-7 3 7M270 150l3-8 3 8M292 150l2-5 2 5M40 150l2-5 2 5" />
    </>
  );
}

/** The mower, its wheels on the ground at (x, ground); `scale` shrinks it about that point. */
function Mower({ x, ground = GROUND, scale = 1 }: { x: number; ground?: number; scale?: number }) {
  return (
    <g transform={`translate(${x} ${ground}) scale(${scale})`}>
      <path className={styles.body} d="M6-26C6-54 30-68 70-68h40c26 0 40 16 40 36v10c0 4-3 6-7 6H14c-5 0-8-3-8-8z" />
      <rect className={styles.brand} x="14" y="-40" width="128" height="8" rx="4" />
      <rect className={styles.body} x="56" y="-77" width="34" height="9" rx="4.5" />
      <path className={styles.line} d="M118-68v-12" />
      <circle className={styles.body} cx="118" cy="-85" r="5" />
      <circle className={styles.body} cx="30" cy="-20" r="20" />
      <circle className={styles.fill} cx="30" cy="-20" r="8" />
      <circle className={styles.body} cx="124" cy="-11" r="11" />
    </g>
  );
}

/** The charging station: base plate with its contacts, and the tower with its light. */
function Station({ x, ground = GROUND }: { x: number; ground?: number }) {
  return (
    <g transform={`translate(${x} ${ground})`}>
      <path className={styles.body} d="M0 0h96l-10-9H10z" />
      <rect className={styles.body} x="62" y="-66" width="28" height="58" rx="9" />
      <circle className={styles.brand} cx="76" cy="-52" r="4" />
      <rect className={styles.fill} x="52" y="-26" width="10" height="7" rx="2" />
    </g>
  );
}

/** A phone, upright, its top left corner at (x, y); what it shows goes inside, centred on (28, 50). */
function Phone({ x, y, children }: { x: number; y: number; children?: ReactNode }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect className={styles.body} width="56" height="100" rx="10" />
      <rect className={styles.fill} x="5" y="12" width="46" height="76" rx="4" />
      <path className={styles.line} d="M22 6h12" />
      <g transform="translate(28 50)">{children}</g>
    </g>
  );
}

function Bolt({ x, y }: { x: number; y: number }) {
  return (
    <path
      className={`${styles.line} ${styles.highlight}`}
      transform={`translate(${x} ${y})`}
      d="M2-14-8 2h7l-3 12 12-17H1l4-11z"
    />
  );
}

function Bluetooth() {
  return <path className={styles.brandLine} d="M-7-8 7 5 0 12v-24l7 7-14 13" />;
}

function Moon() {
  return <path className={styles.brand} d="M6-13A13 13 0 1 0 11 9 10 10 0 0 1 6-13z" />;
}

function Sun({ x, y }: { x: number; y: number }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <circle className={styles.sun} r="11" />
      <path
        className={styles.sunRays}
        d="M0-18v-6M0 18v6M-18 0h-6M18 0h6M13-13l4-4M-13 13l-4 4M13 13l4 4M-13-13l-4-4"
      />
    </g>
  );
}

function Snowflake({ x, y }: { x: number; y: number }) {
  return <path className={styles.brandLine} transform={`translate(${x} ${y})`} d="M0-12v24M-10-6l20 12M-10 6l20-12" />;
}

/** Waves of a voice, spoken towards the right. */
function Voice({ x, y }: { x: number; y: number }) {
  return (
    <path
      className={styles.brandLine}
      transform={`translate(${x} ${y})`}
      d="M0-8a12 12 0 0 1 0 16M8-16a24 24 0 0 1 0 32M16-24a36 36 0 0 1 0 48"
    />
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <svg className={styles.svg} viewBox="0 0 320 180" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export const scenes = {
  /** Winter step 1: brushing the mower clean. */
  clean: (
    <Frame>
      <Lawn />
      <Mower x={60} />
      <g transform="translate(200 40) rotate(30)">
        <rect className={styles.body} x="-6" y="-34" width="12" height="40" rx="6" />
        <rect className={styles.brand} x="-20" y="6" width="40" height="14" rx="5" />
        <path className={styles.line} d="M-16 20v12M-8 20v14M0 20v14M8 20v14M16 20v12" />
      </g>
    </Frame>
  ),
  /** Winter step 2 and the over-discharge help: the mower on its station, charging. */
  charge: (
    <Frame>
      <Lawn />
      <Station x={190} />
      <Mower x={60} />
      <Bolt x={266} y={60} />
    </Frame>
  ),
  /** Winter step 3: hibernation started from the phone; the mower sleeps on its station. */
  hibernate: (
    <Frame>
      <Lawn />
      <Station x={130} />
      <Mower x={12} scale={0.9} />
      <Phone x={246} y={36}>
        <Moon />
      </Phone>
    </Frame>
  ),
  /** Winter step 4: the station taken off the lawn, its power adapter unplugged. */
  station: (
    <Frame>
      <Lawn />
      <Station x={40} />
      <path className={styles.line} d="M126 118c30 0 40 20 70 20" />
      <rect className={styles.body} x="196" y="128" width="26" height="18" rx="4" />
      <path className={styles.line} d="M202 128v-8M216 128v-8" />
      <rect className={styles.body} x="250" y="60" width="40" height="56" rx="6" />
      <circle className={styles.fill} cx="263" cy="88" r="4" />
      <circle className={styles.fill} cx="277" cy="88" r="4" />
    </Frame>
  ),
  /** Winter step 5: the mower and station stored indoors, the frost outside. */
  store: (
    <Frame>
      <path className={styles.line} d="M20 150V78l110-50 110 50v72" />
      <path className={styles.fill} d="M28 150V82l102-46 102 46v68z" />
      <path className={styles.line} d="M8 150h304" />
      <Mower x={46} scale={0.7} />
      <Station x={160} />
      <Snowflake x={270} y={40} />
      <Snowflake x={296} y={84} />
    </Frame>
  ),
  /** Winter step 6: spring, the station back on the lawn and the mower charging on it. */
  spring: (
    <Frame>
      <Lawn />
      <Sun x={44} y={40} />
      <Station x={190} />
      <Mower x={60} />
      <path className={styles.line} d="M130 150l3-9 3 9M150 150l2-6 2 6M180 150l3-8 3 8" />
    </Frame>
  ),
  /** Bluetooth help: press the mower's OK button, with the phone close by. */
  pressOk: (
    <Frame>
      <Lawn />
      <Mower x={30} />
      <path className={styles.brandLine} d="M103 20v28m-8-8 8 8 8-8" />
      <circle className={styles.line} cx="103" cy="66" r="15" strokeDasharray="4 5" />
      <Phone x={232} y={40}>
        <Bluetooth />
      </Phone>
    </Frame>
  ),
  /** Bluetooth help: the mower's lights are hard to see in bright light; shade them, or look closer. */
  ambientLight: (
    <Frame>
      <Lawn />
      <Sun x={276} y={36} />
      <Mower x={40} />
      <path className={styles.brandLine} d="M150 40a12 12 0 0 1 12 12M150 28a24 24 0 0 1 24 24" />
    </Frame>
  ),
  /** Bluetooth help, step 2: Bluetooth on the phone off and on again, then the mower found anew. */
  reconnect: (
    <Frame>
      <Lawn />
      <Phone x={24} y={36}>
        <Bluetooth />
        <path className={styles.line} d="M-16-14a21 21 0 0 1 30-4m2 8v-8h-8M16 14a21 21 0 0 1-30 4m-2-8v8h8" />
      </Phone>
      <path className={styles.line} d="M96 86h40" strokeDasharray="2 7" />
      <Mower x={150} />
    </Frame>
  ),
  /** Over-discharge help, what you notice: off its station, the mower switches itself off. */
  offStation: (
    <Frame>
      <Lawn />
      <Station x={210} />
      <Mower x={16} />
      <path className={styles.line} d="M206 110h-28m8-8-8 8 8 8" />
      <g transform="translate(88 30)">
        <path className={styles.brandLine} d="M-8-9a12 12 0 1 0 16 0M0-14v12" />
      </g>
    </Frame>
  ),
  /** Smart home: speak to the assistant on the phone or speaker, the mower does it. */
  voice: (
    <Frame>
      <Lawn />
      <Phone x={24} y={40}>
        <circle className={styles.brand} r="9" />
        <path className={styles.line} d="M0-3v6M-4 12h8" />
      </Phone>
      <Voice x={96} y={86} />
      <Mower x={150} />
    </Frame>
  ),
  /** Smart home: the Navimow account linked with another service's app. */
  link: (
    <Frame>
      <Lawn />
      <Phone x={24} y={40}>
        <path className={styles.brandLine} d="M-9 4l-4 4a6 6 0 0 0 8 8l4-4M9-4l4-4a6 6 0 0 0-8-8l-4 4M-5 5l10-10" />
      </Phone>
      <path className={styles.line} d="M96 90h36" strokeDasharray="2 7" />
      <Mower x={150} />
    </Frame>
  ),
  /** The newsletter: the season's lawn tips and mower news, arriving on the phone by e-mail. */
  newsletter: (
    <Frame>
      <Lawn />
      <Sun x={40} y={36} />
      <Mower x={20} scale={0.8} />
      <Phone x={206} y={30}>
        <rect className={styles.body} x="-17" y="-12" width="34" height="24" rx="3" />
        <path className={styles.brandLine} d="M-15-10 0 2l15-12" />
      </Phone>
      <path className={styles.line} d="M150 70h30m-8-8 8 8-8 8" />
    </Frame>
  ),
} satisfies Record<string, ReactNode>;

export type SceneName = keyof typeof scenes;
