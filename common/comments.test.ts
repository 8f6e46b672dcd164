import { describe, expect, it } from 'vitest';
import { commentLength } from './comments.ts';

describe('commentLength', () => {
  it('counts characters of the trimmed text, an emoji as one', () => {
    expect(commentLength('  Great mower  ')).toBe(11);
    expect(commentLength('🌱ok')).toBe(3);
    expect(commentLength('   ')).toBe(0);
  });
});
