/**
 * The gallery's one HTML page (docs/gallery.md): the pictures side by side, a language against English or one
 * screen across every language, each with its flags drawn over it. Self-contained (its style and script inline,
 * the pictures beside it in shots/), so that it works from file:// and can be sent as a folder. Every text from a
 * screen is data to it: it is put in the page as JSON and shown with textContent, never as markup.
 */
import type { Flag } from './detect.ts';

export interface ShotResult {
  screen: string;
  state: string;
  /** The text size and colour scheme it was pictured in. */
  look?: { text: number; scheme: 'light' | 'dark' };
  /** The page's title as the reader sees it, in the picture's language. */
  title?: string;
  /** `<screen>--<state>` and the look (scripts/gallery/catalogue.ts `shotName`, options.ts `lookSuffix`). */
  name: string;
  path: string;
  language: string;
  /** The picture, relative to the page. */
  file: string;
  fingerprint: string;
  flags: Flag[];
  /** The screen's visible texts (for the English comparison of a later run). */
  texts: string[];
  /** Each visible text that is a string of the screen's locale files, with its `namespace:key`s. */
  keys?: Record<string, string[]>;
  width: number;
  height: number;
  error?: string;
  /** How long the picture took. */
  ms?: number;
}

export interface GalleryResults {
  generatedAt: string;
  durationMs: number;
  shots: ShotResult[];
}

/** JSON that can stand inside a <script> element: no `<` that could close it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const STYLE = `
:root { font: 14px/1.4 system-ui, sans-serif; color: #1d2433; background: #f3f4f6; }
body { margin: 0; }
header { position: sticky; top: 0; z-index: 2; background: #fff; border-bottom: 1px solid #d0d4dc; padding: 8px 16px; display: flex; flex-wrap: wrap; gap: 12px; align-items: center; }
header h1 { font-size: 16px; margin: 0 12px 0 0; }
label { display: inline-flex; gap: 6px; align-items: center; }
main { padding: 16px; }
.row { display: flex; gap: 16px; align-items: flex-start; margin-bottom: 24px; flex-wrap: wrap; }
.row > h2 { flex-basis: 100%; font-size: 15px; margin: 0; }
figure { margin: 0; width: 300px; background: #fff; border: 1px solid #d0d4dc; border-radius: 6px; padding: 8px; }
figure.flagged { border-color: #c62828; box-shadow: 0 0 0 1px #c62828; }
figcaption { font-weight: 600; margin-bottom: 6px; }
.picture { position: relative; }
.picture img { display: block; width: 100%; height: auto; }
.box { position: absolute; outline: 2px solid #e53935; background: rgb(229 57 53 / 15%); pointer-events: none; }
ul.flags { margin: 6px 0 0; padding-left: 18px; color: #b71c1c; font-size: 12px; overflow-wrap: anywhere; }
.error { color: #b71c1c; }
.summary { color: #555; }
.title { font-weight: 400; color: #555; }
details.keys { margin-top: 6px; font-size: 12px; overflow-wrap: anywhere; }
details.keys dt { font-family: ui-monospace, monospace; color: #1a5c66; }
details.keys dd { margin: 0 0 4px 8px; }
`;

/** Runs in the page: builds the views from the embedded results, with textContent only. */
function galleryScript() {
  const data = JSON.parse(document.getElementById('gallery-data')!.textContent!) as GalleryResults;
  const byKey = new Map(data.shots.map((shot) => [`${shot.language}/${shot.name}`, shot]));
  const languages = [...new Set(data.shots.map((shot) => shot.language))].sort((a, b) =>
    a === 'en' ? -1 : b === 'en' ? 1 : a.localeCompare(b),
  );
  const names = [...new Set(data.shots.map((shot) => shot.name))];
  const main = document.querySelector('main')!;
  const view = document.getElementById('view') as HTMLSelectElement;
  const language = document.getElementById('language') as HTMLSelectElement;
  const screen = document.getElementById('screen') as HTMLSelectElement;
  const onlyFlagged = document.getElementById('only-flagged') as HTMLInputElement;
  const element = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string) => {
    const created = document.createElement(tag);
    if (text !== undefined) created.textContent = text;
    if (className) created.className = className;
    return created;
  };
  const option = (select: HTMLSelectElement, value: string, text: string) =>
    select.append(Object.assign(element('option', text), { value }));
  for (const code of languages) option(language, code, code);
  for (const name of names) option(screen, name, name.replace('--', ': '));
  const total = data.shots.reduce((sum, shot) => sum + shot.flags.length, 0);
  document.getElementById('summary')!.textContent =
    `${names.length} states, ${languages.length} languages, ${data.shots.length} pictures, ${total} flags; made ${data.generatedAt}`;

  function figure(shot: ShotResult | undefined, caption: string) {
    const card = element('figure');
    const figcaption = element('figcaption', caption);
    // For people: the screen as its title names it, in the picture's language, and the look.
    if (shot?.title) figcaption.append(' ', element('span', `“${shot.title}”`, 'title'));
    if (shot?.look && (shot.look.text !== 100 || shot.look.scheme !== 'light'))
      figcaption.append(' ', element('span', `${shot.look.text} % text, ${shot.look.scheme}`, 'title'));
    card.append(figcaption);
    if (!shot) {
      card.append(element('p', 'not pictured', 'error'));
      return card;
    }
    if (shot.error) card.append(element('p', `failed: ${shot.error}`, 'error'));
    if (shot.file) {
      const picture = element('div', undefined, 'picture');
      const image = element('img');
      image.src = shot.file;
      image.alt = `${shot.name} in ${shot.language}`;
      image.loading = 'lazy';
      picture.append(image);
      for (const flag of shot.flags) {
        if (!flag.box || !shot.width || !shot.height) continue;
        const box = element('div', undefined, 'box');
        box.style.left = `${(flag.box.x / shot.width) * 100}%`;
        box.style.top = `${(flag.box.y / shot.height) * 100}%`;
        box.style.width = `${(flag.box.width / shot.width) * 100}%`;
        box.style.height = `${(flag.box.height / shot.height) * 100}%`;
        box.title = `${flag.kind}: ${flag.detail}`;
        picture.append(box);
      }
      card.append(picture);
    }
    if (shot.flags.length) {
      card.classList.add('flagged');
      const list = element('ul', undefined, 'flags');
      for (const flag of shot.flags)
        list.append(
          element('li', `${flag.kind}: “${flag.text}” ${flag.detail}${flag.where ? ` (${flag.where})` : ''}`),
        );
      card.append(list);
    }
    // Where each text comes from, so that a translator finds the string to change.
    const keys = Object.entries(shot.keys ?? {});
    if (keys.length) {
      const details = element('details', undefined, 'keys');
      details.append(element('summary', `string keys (${keys.length})`));
      const list = element('dl');
      for (const [text, names] of keys) list.append(element('dt', names.join(', ')), element('dd', text));
      details.append(list);
      card.append(details);
    }
    return card;
  }

  function render() {
    const chosenView = view.value;
    language.parentElement!.hidden = chosenView !== 'language';
    screen.parentElement!.hidden = chosenView !== 'screen';
    location.hash = new URLSearchParams({
      view: chosenView,
      language: language.value,
      screen: screen.value,
      flagged: onlyFlagged.checked ? '1' : '',
    }).toString();
    main.replaceChildren();
    if (chosenView === 'language') {
      for (const name of names) {
        const shot = byKey.get(`${language.value}/${name}`);
        if (onlyFlagged.checked && !shot?.flags.length && !shot?.error) continue;
        const row = element('section', undefined, 'row');
        row.append(element('h2', name.replace('--', ': ')));
        if (language.value !== 'en') row.append(figure(byKey.get(`en/${name}`), 'en'));
        row.append(figure(shot, language.value));
        main.append(row);
      }
    } else {
      const row = element('section', undefined, 'row');
      row.append(element('h2', screen.value.replace('--', ': ')));
      for (const code of languages) {
        const shot = byKey.get(`${code}/${screen.value}`);
        if (onlyFlagged.checked && code !== 'en' && !shot?.flags.length && !shot?.error) continue;
        row.append(figure(shot, code));
      }
      main.append(row);
    }
  }

  const start = new URLSearchParams(location.hash.slice(1));
  view.value = start.get('view') === 'screen' ? 'screen' : 'language';
  if (languages.includes(start.get('language') ?? '')) language.value = start.get('language')!;
  else if (languages.length > 1) language.value = languages[1]!;
  if (names.includes(start.get('screen') ?? '')) screen.value = start.get('screen')!;
  onlyFlagged.checked = start.get('flagged') === '1';
  for (const control of [view, language, screen, onlyFlagged]) control.addEventListener('change', render);
  render();
}

export function renderGallery(results: GalleryResults): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Navimow screen gallery</title>
<style>${STYLE}</style>
</head>
<body>
<header>
  <h1>Navimow screen gallery</h1>
  <label>View <select id="view"><option value="language">a language against English</option><option value="screen">one screen in every language</option></select></label>
  <label>Language <select id="language"></select></label>
  <label>Screen <select id="screen"></select></label>
  <label><input type="checkbox" id="only-flagged"> only flagged</label>
  <span class="summary" id="summary"></span>
</header>
<main></main>
<script type="application/json" id="gallery-data">${scriptJson(results)}</script>
<script>(${galleryScript.toString()})();</script>
</body>
</html>
`;
}
