import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';

/**
 * The fake of Amazon is not product code: a production server never loads it, the demo with the simulator does
 * (server/app.ts; docs/decisions/008-import-boundaries.md). The app is imported afresh after the fake is watched,
 * so a static import anywhere on its way would count as a load.
 */
describe('server/dev', () => {
  afterEach(() => {
    vi.doUnmock('./amazon-fake.ts');
    vi.resetModules();
  });

  it('is loaded by the app with the simulator only', async () => {
    const loads = vi.fn();
    vi.resetModules();
    vi.doMock('./amazon-fake.ts', async (original) => {
      loads();
      return original();
    });
    const { createTestApp } = await import('../testing/test-app.ts');

    const production = await createTestApp('sqlite', { simulator: false });
    await production.close();
    expect(loads).not.toHaveBeenCalled();

    const simulated = loadConfig({
      NAVIMOW_SIMULATOR: 'on',
      NAVIMOW_DEMO: 'on',
      LOG_LEVEL: 'silent',
      FLEET_TICK_MS: '0',
      MQTT_PORT: 'off',
    });
    const demo = await createTestApp('sqlite', { ...simulated, webRoot: undefined });
    await demo.close();
    expect(loads).toHaveBeenCalledOnce();
  });
});
