import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VOICE_PLATFORMS } from '../../../../common/voice-links.ts';
import { PlatformIcon } from './platform-icon.tsx';

describe('PlatformIcon', () => {
  it.each(VOICE_PLATFORMS)(
    'draws a neutral icon for %s, hidden from screen readers (the name beside it says which)',
    (platform) => {
      const { container } = render(<PlatformIcon platform={platform} />);
      expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
      expect(container.querySelector('path')?.getAttribute('d')).toMatch(/^M/);
      expect(container.textContent).toBe('');
    },
  );
});
