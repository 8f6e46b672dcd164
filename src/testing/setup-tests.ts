import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `findBy…` and `waitFor` wait for what a screen shows after its lazy strings, chunks and answers arrive. Their
// default second is too short on a 2-core CI machine running both projects at once (a screen that was right failed
// to appear in time); a longer wait changes nothing for a screen that never shows it, it only fails later.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
