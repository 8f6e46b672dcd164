import { describe, expect, it } from 'vitest';
import { renderGallery, scriptJson, type ShotResult } from './html.ts';

const shot: ShotResult = {
  screen: 'shareInvitation',
  state: 'content',
  name: 'shareInvitation--content',
  path: '/shareInvitation?id=demo-pending',
  language: 'de',
  file: 'shots/de/shareInvitation--content.png',
  fingerprint: '0',
  flags: [
    { kind: 'english', text: '</script><img src=x onerror=alert(1)>', where: '', detail: 'the same as in English' },
  ],
  texts: [],
  width: 412,
  height: 915,
};

describe('the gallery page', () => {
  it('carries a screen’s texts as data that cannot close its script element', () => {
    expect(scriptJson({ text: '</script>\u2028' })).toBe('{"text":"\\u003c/script>\\u2028"}');
    const page = renderGallery({ generatedAt: '2026-11-27T07:00:00.000Z', durationMs: 1, shots: [shot] });
    expect(page).not.toContain('</script><img');
    expect(page.match(/<\/script>/g)).toHaveLength(2);
  });

  it('needs nothing from elsewhere: no external style sheet, script or font', () => {
    const page = renderGallery({ generatedAt: '2026-11-27T07:00:00.000Z', durationMs: 1, shots: [shot] });
    expect(page).not.toMatch(/<link\b|<script\b[^>]*\bsrc=|https?:\/\//);
  });
});
