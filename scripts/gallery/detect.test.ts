import { describe, expect, it } from 'vitest';
import { type ElementMeasure, judgeOverflow, type TextMeasure, untranslated } from './detect.ts';

const box = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

/** A button 200px wide whose one line needs `needs` pixels. */
function button(needs: number, style: Partial<ElementMeasure> = {}): ElementMeasure {
  return {
    kind: 'element',
    where: 'button',
    text: 'Einladung annehmen',
    box: box(16, 100, 200, 48),
    scrollWidth: needs,
    clientWidth: 200,
    scrollHeight: 48,
    clientHeight: 48,
    overflowX: 'visible',
    overflowY: 'visible',
    textOverflow: 'clip',
    lineClamp: 'none',
    ...style,
  };
}

function text(x: number, width: number, container = box(16, 0, 380, 40)): TextMeasure {
  return {
    kind: 'text',
    where: 'p',
    text: 'Mähroboterwinterschlaf',
    box: box(x, 0, width, 20),
    container,
    inScroller: false,
    viewportWidth: 412,
  };
}

describe('judgeOverflow', () => {
  it('flags text cut off by overflow: hidden or an ellipsis, and says by how much', () => {
    expect(judgeOverflow([button(260, { overflowX: 'hidden' })])).toEqual([
      expect.objectContaining({
        kind: 'clipped',
        text: 'Einladung annehmen',
        detail: '60px cut off at the side',
        box: box(16, 100, 200, 48),
      }),
    ]);
    expect(judgeOverflow([button(230, { textOverflow: 'ellipsis', overflowX: 'hidden' })])).toHaveLength(1);
  });

  it('flags lines cut off below by a line clamp or a hidden overflow', () => {
    expect(judgeOverflow([button(200, { scrollHeight: 90, lineClamp: '2' })])).toEqual([
      expect.objectContaining({ kind: 'clipped', detail: '42px cut off below' }),
    ]);
    expect(judgeOverflow([button(200, { scrollHeight: 90, overflowY: 'clip' })])).toHaveLength(1);
  });

  it('leaves content that fits, is within a pixel of fitting, or scrolls', () => {
    expect(judgeOverflow([button(200, { overflowX: 'hidden' }), button(201, { overflowX: 'hidden' })])).toEqual([]);
    // A scrolling box (a tab strip) shows the rest when scrolled; a box that lets it show is judged by its text.
    expect(judgeOverflow([button(600, { overflowX: 'auto' }), button(600)])).toEqual([]);
  });

  it('flags text that runs out of its box, or off the screen', () => {
    expect(judgeOverflow([text(16, 420)])).toEqual([
      expect.objectContaining({ kind: 'offscreen', text: 'Mähroboterwinterschlaf' }),
    ]);
    expect(judgeOverflow([text(16, 300, box(16, 0, 200, 40))])).toEqual([
      expect.objectContaining({ kind: 'overflows', detail: '100px outside its box' }),
    ]);
    expect(judgeOverflow([text(-30, 100)])).toEqual([expect.objectContaining({ kind: 'offscreen' })]);
    expect(judgeOverflow([text(16, 380)])).toEqual([]);
    // Past the screen's edge inside a sideways scroller: reached by scrolling.
    expect(judgeOverflow([{ ...text(300, 300), inScroller: true, container: box(300, 0, 300, 40) }])).toEqual([]);
  });

  it('flags a page wider than the screen', () => {
    expect(judgeOverflow([{ kind: 'page', scrollWidth: 480, clientWidth: 412 }])).toEqual([
      expect.objectContaining({ kind: 'pageTooWide', detail: 'the page is 68px wider than the screen' }),
    ]);
    expect(judgeOverflow([{ kind: 'page', scrollWidth: 412, clientWidth: 412 }])).toEqual([]);
  });

  it('reports one place once', () => {
    expect(judgeOverflow([button(260, { overflowX: 'hidden' }), button(270, { overflowX: 'hidden' })])).toHaveLength(1);
  });
});

describe('untranslated', () => {
  const english = new Set(['Accept', 'Reject', 'Status', 'Google Assistant', 'Front lawn', 'OK', '85 %', 'Smart home']);

  it('finds the texts that are still the English ones', () => {
    expect(untranslated('de', ['Annehmen', 'Reject', 'Accept'], english)).toEqual(['Reject', 'Accept']);
  });

  it('accepts what the glossary says is rightly English: brand names, sameAsEnglish, texts without words', () => {
    // German keeps "Status" (scripts/glossary.ts), Danish keeps "Smart home"; "OK" and numbers are no words.
    expect(untranslated('de', ['Status', 'Google Assistant', 'OK', '85 %'], english)).toEqual([]);
    expect(untranslated('da', ['Smart home'], english)).toEqual([]);
    expect(untranslated('fi', ['Status', 'Smart home'], english)).toEqual(['Status', 'Smart home']);
  });

  it('ignores the data a screen shows, and never flags English itself', () => {
    expect(untranslated('de', ['Front lawn'], english, new Set(['Front lawn']))).toEqual([]);
    expect(untranslated('en', ['Accept'], english)).toEqual([]);
  });

  it('judges a sentence around the data as its template: rightly the same in one language, English in another', () => {
    const spoken = new Set(['Hey Google, start Front lawn.']);
    const data = new Set(['Front lawn']);
    expect(untranslated('nl', ['Hey Google, start Front lawn.'], spoken, data)).toEqual([]);
    expect(untranslated('de', ['Hey Google, start Front lawn.'], spoken, data)).toEqual([
      'Hey Google, start Front lawn.',
    ]);
  });
});

describe('judgeOverflow leaves alone', () => {
  it('a visually hidden text (a 1px clipped box for screen readers) and a box cut short by design', () => {
    expect(judgeOverflow([button(260, { overflowX: 'hidden', box: box(0, 0, 1, 1) })])).toEqual([]);
    expect(judgeOverflow([button(200, { scrollHeight: 90, lineClamp: '2', byDesign: true })])).toEqual([]);
    expect(judgeOverflow([text(16, 60, box(16, 0, 1, 1))])).toEqual([]);
  });
});
