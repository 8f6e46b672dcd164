import { afterEach, describe, expect, it } from 'vitest';
import { simulatorRequested } from './simulator-requested.ts';

function markForSimulator() {
  const meta = document.createElement('meta');
  meta.name = 'navimow-simulator';
  meta.content = 'on';
  document.head.append(meta);
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('simulatorRequested', () => {
  it('follows the server’s mark on built pages', () => {
    expect(simulatorRequested({ pathname: '/healthPing', document, dev: false })).toBe(false);
    markForSimulator();
    expect(simulatorRequested({ pathname: '/healthPing', document, dev: false })).toBe(true);
  });

  it('runs every app page in the simulator under the Vite dev server', () => {
    expect(simulatorRequested({ pathname: '/robotWinterMode/guide', document, dev: true })).toBe(true);
    expect(simulatorRequested({ pathname: '/no/such/page', document, dev: true })).toBe(true);
  });

  it('never puts a page meant for a plain browser in the simulator, even when asked to', () => {
    markForSimulator();
    for (const pathname of ['/smartHome/login', '/smartHome/alexa/installNavimow', '/SMARTHOME/LOGIN/']) {
      expect(simulatorRequested({ pathname, document, dev: true }), pathname).toBe(false);
      expect(simulatorRequested({ pathname, document, dev: false }), pathname).toBe(false);
    }
  });
});
