import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { serverModules } from '../server/modules.ts';
import type { Setting } from '../server/settings.ts';

/**
 * docs/configuration.md, written from the settings each server module declares (server/modules.ts): `npm run
 * docs:config`. scripts/configuration-reference.test.ts fails when the committed file is not this.
 */
export const CONFIGURATION_REFERENCE = fileURLToPath(new URL('../docs/configuration.md', import.meta.url));

/** The web view's settings, read by Vite when the pages are built (src/vite-env.d.ts); the server never reads them. */
const BUILD_TIME: Readonly<Record<string, Omit<Setting, 'schema'> & { default: string }>> = {
  VITE_SENTRY_DSN: {
    default: 'unset: no error reporting',
    description: 'Sentry DSN; the SDK loads after the first paint',
  },
  VITE_GOOGLE_AGENT_ID: {
    default: '`navimow-demo`',
    description:
      "the Google project of the smart-home integration, for the Google Home app's linking deep link (`/smartHome/googleHome/bindDetail`)",
  },
  VITE_APP_STORE_URL_IOS: {
    default: "the App Store's search for Navimow",
    description: 'the Navimow app\'s App Store page, which "Update the app" opens (`docs/decisions/028-…`)',
  },
  VITE_APP_STORE_URL_ANDROID: {
    default: "Google Play's search for Navimow",
    description: 'the Navimow app\'s Google Play page, which "Update the app" opens',
  },
};

/** The schema under its default, optionality and transforms: what the variable's text must be. */
function inner(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional) return inner(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe) return inner(schema.in as z.ZodType);
  return schema;
}

/** The values a schema accepts, when it says them: a range of whole numbers, or a list of words. */
function accepted(schema: z.ZodType): string | undefined {
  const type = inner(schema);
  if (type instanceof z.ZodNumber) {
    const { minValue: min, maxValue: max } = type;
    // A whole number is bounded by the safe integers even when the schema sets no bound.
    const bounded = (value: number | null) => value !== null && Math.abs(value) < Number.MAX_SAFE_INTEGER;
    if (bounded(min) && bounded(max)) return `${min} to ${max}`;
    if (bounded(min)) return `at least ${min}`;
    return undefined;
  }
  if (type instanceof z.ZodEnum) return type.options.map((option) => `\`${String(option)}\``).join(', ');
  if (type instanceof z.ZodLiteral) return [...type.values].map((value) => `\`${String(value)}\``).join(', ');
  if (type instanceof z.ZodUnion) {
    const parts = (type.options as z.ZodType[]).map(accepted);
    return parts.every(Boolean) ? parts.join(', or ') : undefined;
  }
  return undefined;
}

/** The default as the reference shows it: the setting's own words, else what the schema gives for an unset variable. */
function defaultOf(setting: Setting): string {
  if (setting.default !== undefined) return setting.default;
  const parsed = setting.schema.safeParse(undefined);
  if (!parsed.success || parsed.data === undefined) return 'unset';
  const value: unknown = parsed.data;
  return `\`${typeof value === 'boolean' ? (value ? 'on' : 'off') : String(value)}\``;
}

const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
const HEADER = [row(['variable', 'default', 'values', 'meaning']), row(['---', '---', '---', '---'])];

export function configurationReference(): string {
  const lines = [
    '# Configuration',
    '',
    '<!-- Written by `npm run docs:config` (scripts/configuration-reference.ts) from the settings the server modules',
    'declare: edit those, not this file. -->',
    '',
    'The server reads its settings from the environment in one place, `server/config.ts`; a wrong value stops the',
    'server with a message naming the variable. Each module declares its own, with its default and its meaning',
    "(`settings.ts` beside the module's `public.ts`; the server's own in `server/core-module.ts`), in the order of",
    '`server/modules.ts` (docs/decisions/039-module-objects.md).',
  ];
  for (const module of serverModules) {
    const settings = Object.entries(module.settings);
    if (settings.length === 0) continue;
    lines.push('', `## ${module.name}`, '', ...HEADER);
    for (const [name, setting] of settings) {
      lines.push(row([`\`${name}\``, defaultOf(setting), accepted(setting.schema) ?? '', setting.description]));
    }
  }
  lines.push(
    '',
    '## Build time (the web view)',
    '',
    'Read by Vite when the pages are built (`npm run build`), not by the server.',
    '',
    row(['variable', 'default', 'meaning']),
    row(['---', '---', '---']),
    ...Object.entries(BUILD_TIME).map(([name, setting]) => row([`\`${name}\``, setting.default, setting.description])),
    '',
    '## Several processes, error reports',
    '',
    'Several processes on one PostgreSQL share their limits and session revocations through it (decision record 013,',
    'which says how to deploy them).',
    '',
    'Error reports go to the environment `local` (localhost, `*.local`), `dev` (a host label `dev`, `test` or',
    '`staging`), `bj` (a host label `bj`) or `fra` (anything else).',
    '',
  );
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(CONFIGURATION_REFERENCE, configurationReference());
  console.log(`wrote ${CONFIGURATION_REFERENCE}`);
}
