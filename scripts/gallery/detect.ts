/**
 * The gallery's checks of one rendered screen (docs/gallery.md): text that overflows its box or is clipped, and
 * text that is still English where the language's glossary says it should not be.
 *
 * `measureScreen` runs in the page (Playwright's `page.evaluate`, so it is self-contained: no imports, no helpers
 * outside it) and reports raw measurements only; the judgement is the pure `judgeOverflow` and `untranslated`
 * below, which unit tests feed measurements and texts directly (detect.test.ts), and a journey checks against a
 * real screen with an injected overlong string (e2e/gallery-overflow.spec.ts).
 */
import { rightlySameAsEnglish } from '../locale-check.ts';

/** A box in page coordinates (CSS pixels from the document's top left), for the gallery to draw over the picture. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An element whose content is larger than its box, measured as the browser lays it out. */
export interface ElementMeasure {
  kind: 'element';
  /** A short description for the report: tag, test id or class. */
  where: string;
  text: string;
  box: Box;
  scrollWidth: number;
  clientWidth: number;
  scrollHeight: number;
  clientHeight: number;
  overflowX: string;
  overflowY: string;
  textOverflow: string;
  /** `-webkit-line-clamp` (`none` or a number). */
  lineClamp: string;
  /** Cut short on purpose (a message's two-line preview; the detail shows it all): never flagged. */
  byDesign?: boolean;
}

/** A run of text and the box it should stay in: its nearest non-inline ancestor, and the screen. */
export interface TextMeasure {
  kind: 'text';
  where: string;
  text: string;
  box: Box;
  container: Box;
  /** Whether an ancestor scrolls sideways (a tab strip): text past its edge is reached by scrolling, not lost. */
  inScroller: boolean;
  viewportWidth: number;
}

export interface PageMeasure {
  kind: 'page';
  scrollWidth: number;
  clientWidth: number;
}

export type Measure = ElementMeasure | TextMeasure | PageMeasure;

export type FlagKind = 'clipped' | 'overflows' | 'offscreen' | 'pageTooWide' | 'english';

export interface Flag {
  kind: FlagKind;
  text: string;
  where: string;
  /** Where to draw it on the picture (none for a whole-page or a text finding). */
  box?: Box;
  detail: string;
}

/** Sub-pixel rounding: a box is only over its edge by more than this. */
const TOLERANCE = 1;

const CLIPS = new Set(['hidden', 'clip']);

/** What the measurements say is wrong: clipped content, text out of its box or off the screen, a too-wide page. */
export function judgeOverflow(measures: readonly Measure[]): Flag[] {
  const flags: Flag[] = [];
  for (const measure of measures) {
    if (measure.kind === 'page') {
      if (measure.scrollWidth - measure.clientWidth > TOLERANCE) {
        flags.push({
          kind: 'pageTooWide',
          text: '',
          where: 'page',
          detail: `the page is ${measure.scrollWidth - measure.clientWidth}px wider than the screen`,
        });
      }
    } else if (measure.kind === 'element') {
      // Visually hidden (read by screen readers only: a 1px clipped box), or cut short on purpose.
      if (measure.byDesign || measure.box.width <= 1 || measure.box.height <= 1) continue;
      const clipsX = CLIPS.has(measure.overflowX) || measure.textOverflow === 'ellipsis';
      const clipsY = CLIPS.has(measure.overflowY) || measure.lineClamp !== 'none';
      const overX = measure.scrollWidth - measure.clientWidth;
      const overY = measure.scrollHeight - measure.clientHeight;
      if (clipsX && overX > TOLERANCE) {
        flags.push({
          kind: 'clipped',
          text: measure.text,
          where: measure.where,
          box: measure.box,
          detail: `${overX}px cut off at the side`,
        });
      } else if (clipsY && overY > TOLERANCE) {
        flags.push({
          kind: 'clipped',
          text: measure.text,
          where: measure.where,
          box: measure.box,
          detail: `${overY}px cut off below`,
        });
      }
    } else {
      const { box, container } = measure;
      // In a visually hidden box (a 1px clipped one, read by screen readers only): never seen, never cut.
      if (container.width <= 1 || container.height <= 1) continue;
      const right = box.x + box.width;
      if (!measure.inScroller && (right > measure.viewportWidth + TOLERANCE || box.x < -TOLERANCE)) {
        flags.push({ kind: 'offscreen', text: measure.text, where: measure.where, box, detail: 'runs off the screen' });
      } else if (right > container.x + container.width + TOLERANCE || box.x < container.x - TOLERANCE) {
        const over = Math.round(Math.max(right - container.x - container.width, container.x - box.x));
        flags.push({
          kind: 'overflows',
          text: measure.text,
          where: measure.where,
          box,
          detail: `${over}px outside its box`,
        });
      }
    }
  }
  // One finding per place: a clipped element's text is not reported again as overflowing it.
  const seen = new Set<string>();
  return flags.filter((flag) => {
    const key = `${flag.where}|${flag.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The texts of a screen in a language that are word for word the English screen's, where the language's glossary
 * does not say they rightly are (scripts/glossary.ts: brand names, `sameAsEnglish`, the seed's texts), with the
 * locale check's rule of what counts as words. `userData` are texts the page shows as data (names, models).
 */
export function untranslated(
  language: string,
  texts: readonly string[],
  englishTexts: ReadonlySet<string>,
  userData: ReadonlySet<string> = new Set(),
): string[] {
  if (language === 'en') return [];
  // A sentence around the page's data ("Hey Google, start Front lawn.") is judged as the template it came from.
  const asTemplate = (text: string) =>
    [...userData].reduce((sentence, data) => sentence.replaceAll(data, '{{name}}'), text);
  const found = new Set<string>();
  for (const text of texts) {
    if (!englishTexts.has(text) || userData.has(text)) continue;
    if (rightlySameAsEnglish(language, text) || rightlySameAsEnglish(language, asTemplate(text))) continue;
    found.add(text);
  }
  return [...found];
}

/** What `measureScreen` returns: the measurements and every visible text (one per element with its own text). */
export interface ScreenMeasure {
  measures: Measure[];
  texts: string[];
}

/**
 * Runs in the page: measures every visible element and text run. Self-contained (Playwright sends its source).
 * Texts inside `[translate="no"]` are data (a name, an address), and texts marked as another language (`lang`) are
 * meant so (Alexa's commands in the language Alexa speaks): neither is the product's words. Elements matching
 * `byDesign` are cut short on purpose.
 */
export function measureScreen(byDesign: readonly string[] = []): ScreenMeasure {
  const measures: Measure[] = [];
  const texts: string[] = [];
  const scrollX = window.scrollX;
  const scrollY = window.scrollY;
  const toBox = (rect: DOMRect) => ({
    x: Math.round(rect.left + scrollX),
    y: Math.round(rect.top + scrollY),
    width: Math.round(rect.width),
    height: Math.round(rect.height),
  });
  const describe = (element: Element) => {
    const testId = element.getAttribute('data-testid');
    const className = typeof element.className === 'string' ? element.className.split(/\s+/)[0] : '';
    return `${element.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : className ? `.${className}` : ''}`;
  };
  const visible = (element: Element) => {
    const style = getComputedStyle(element);
    return style.visibility !== 'hidden' && style.display !== 'none' && element.getClientRects().length > 0;
  };
  const short = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 120);
  const root = document.body;

  for (const element of root.querySelectorAll('*')) {
    if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'svg'].includes(element.tagName) || element.closest('svg'))
      continue;
    if (!visible(element) || element.closest('[hidden], [aria-hidden="true"]:not(dialog)')) continue;
    const style = getComputedStyle(element);
    const text = short((element as HTMLElement).innerText ?? '');
    if (
      text &&
      (element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight) &&
      element.clientWidth > 0
    ) {
      measures.push({
        kind: 'element',
        where: describe(element),
        text,
        box: toBox(element.getBoundingClientRect()),
        scrollWidth: element.scrollWidth,
        clientWidth: element.clientWidth,
        scrollHeight: element.scrollHeight,
        clientHeight: element.clientHeight,
        overflowX: style.overflowX,
        overflowY: style.overflowY,
        textOverflow: style.textOverflow,
        lineClamp: style.getPropertyValue('-webkit-line-clamp') || 'none',
        byDesign: byDesign.some((selector) => element.matches(selector)),
      });
    }
    const ownText = [...element.childNodes].filter(
      (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
    );
    if (ownText.length === 0) continue;
    // Data (`translate="no"`) and text the page marks as another language (Alexa's English commands) are not its words.
    const declared = element.closest('[lang]')?.getAttribute('lang');
    if (!element.closest('[translate="no"]') && declared === document.documentElement.lang)
      texts.push(short((element as HTMLElement).innerText ?? element.textContent ?? ''));
    let container: Element = element;
    while (
      container.parentElement &&
      getComputedStyle(container).display.startsWith('inline') &&
      container.tagName !== 'BUTTON'
    ) {
      container = container.parentElement;
    }
    let inScroller = false;
    for (let ancestor: Element | null = element; ancestor; ancestor = ancestor.parentElement) {
      if (
        ['auto', 'scroll'].includes(getComputedStyle(ancestor).overflowX) &&
        ancestor !== document.documentElement &&
        ancestor !== document.body
      ) {
        inScroller = true;
        break;
      }
    }
    for (const node of ownText) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const rect = range.getBoundingClientRect();
      if (rect.width === 0) continue;
      measures.push({
        kind: 'text',
        where: describe(element),
        text: short(node.textContent ?? ''),
        box: toBox(rect),
        container: toBox(container.getBoundingClientRect()),
        inScroller,
        viewportWidth: document.documentElement.clientWidth,
      });
    }
  }
  measures.push({
    kind: 'page',
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  });
  return { measures, texts: [...new Set(texts.filter(Boolean))] };
}
