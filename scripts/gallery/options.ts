/**
 * The gallery's command line (docs/gallery.md): read apart from the run, so that `--help` and a mistyped option
 * answer with the usage instead of a stack trace.
 */
import { parseArgs } from 'node:util';

export const USAGE = `npm run gallery -- [options]

Every screen of the web view in every state, in every language, as pictures and one HTML page (docs/gallery.md).

  --screen <id,...>     only these screens, or states whose name contains it (shareInvitation, confirmation)
  --lang <code,...>     only these languages (English is always pictured: the others are compared with it)
  --text <percent,...>  text sizes, as Android's text zoom sets them (default 100,200)
  --scheme <name,...>   light, dark or both (default light,dark)
  --changed             only pictures whose screen, texts or build changed since the last run
  --out <dir>           where the pictures and index.html go (default gallery/)
  --concurrency <n>     pictures taken at once (default 6)
  --port <n>            the server's port (default 4417, or GALLERY_PORT)
  -h, --help            this text

  npm run gallery -- --screen shareInvitation --lang de,fi --text 200 --scheme dark`;

export type Scheme = 'light' | 'dark';

/** One way of looking at a screen: the phone's text size and its colour scheme. */
export interface Look {
  text: number;
  scheme: Scheme;
}

export interface GalleryOptions {
  changed: boolean;
  screens?: string[];
  languages?: string[];
  looks: Look[];
  out: string;
  concurrency: number;
  port: number;
}

const list = (values: string[] | undefined) =>
  values
    ?.flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);

/** The options, `'help'` for --help, or an Error whose message names what is wrong and ends with the usage. */
export function galleryOptions(args: string[], env: NodeJS.ProcessEnv = {}): GalleryOptions | 'help' | Error {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        help: { type: 'boolean', short: 'h', default: false },
        changed: { type: 'boolean', default: false },
        screen: { type: 'string', multiple: true },
        lang: { type: 'string', multiple: true },
        text: { type: 'string', multiple: true },
        scheme: { type: 'string', multiple: true },
        out: { type: 'string', default: 'gallery' },
        concurrency: { type: 'string', default: '6' },
        port: { type: 'string', default: env.GALLERY_PORT ?? '4417' },
      },
    }));
  } catch (error) {
    return new Error(`${(error as Error).message}\n\n${USAGE}`);
  }
  if (values.help) return 'help';
  const texts = (list(values.text) ?? ['100', '200']).map(Number);
  const badText = texts.find((text) => !Number.isInteger(text) || text < 50 || text > 300);
  if (badText !== undefined) return new Error(`--text: a percentage from 50 to 300, not ${badText}\n\n${USAGE}`);
  const schemes = list(values.scheme) ?? ['light', 'dark'];
  const badScheme = schemes.find((scheme) => scheme !== 'light' && scheme !== 'dark');
  if (badScheme) return new Error(`--scheme: light or dark, not ${badScheme}\n\n${USAGE}`);
  return {
    changed: values.changed,
    screens: list(values.screen),
    languages: list(values.lang),
    looks: schemes.flatMap((scheme) => texts.map((text) => ({ text, scheme: scheme as Scheme }))),
    out: values.out,
    concurrency: Math.max(1, Number(values.concurrency)),
    port: Number(values.port),
  };
}

/** A look's part of a picture's name: none for the phone's defaults, so that existing links keep working. */
export function lookSuffix({ text, scheme }: Look): string {
  return `${text === 100 ? '' : `--text-${text}`}${scheme === 'light' ? '' : `--${scheme}`}`;
}

/**
 * Where a screen's texts come from, for translators: each visible text that is a string of the screen's locale
 * files, with its `namespace:key`. Texts filled in at run time (a name, a count) match no string and are left out.
 */
export function textKeys(texts: readonly string[], namespaces: Record<string, unknown>): Record<string, string[]> {
  const byText = new Map<string, string[]>();
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') byText.set(value.trim(), [...(byText.get(value.trim()) ?? []), path]);
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value))
        walk(inner, path.endsWith(':') ? `${path}${key}` : `${path}.${key}`);
  };
  for (const [namespace, strings] of Object.entries(namespaces)) walk(strings, `${namespace}:`);
  const found: Record<string, string[]> = {};
  for (const text of texts) {
    const keys = byText.get(text.trim());
    if (keys) found[text] = keys;
  }
  return found;
}
