import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installFakeBridge } from '../../../testing/fake-bridge.ts';
import { initTestI18n } from '../../../testing/test-i18n.ts';
import { OverDischargeScreen } from './over-discharge-screen.tsx';

let bridge: ReturnType<typeof installFakeBridge> | undefined;
beforeAll(() => initTestI18n());
afterEach(() => {
  bridge?.uninstall();
  bridge = undefined;
});

describe('OverDischargeScreen', () => {
  it('ends at customer support with a way to reach it: the support site, in the system browser in the app', async () => {
    bridge = installFakeBridge({ openExternalURI: () => ({ code: 0 }) });
    render(<OverDischargeScreen />);
    const support = screen.getByRole('link', { name: 'Contact customer support' });
    expect(support).toHaveAttribute('href', 'https://navimow.segway.com/support');
    await userEvent.click(support);
    await waitFor(() =>
      expect(bridge!.callsOf('openExternalURI')).toEqual([{ uri: 'https://navimow.segway.com/support' }]),
    );
  });

  it('is a plain link to the support site in a browser', () => {
    render(<OverDischargeScreen />);
    expect(screen.getByRole('link', { name: 'Contact customer support' })).toHaveAttribute('target', '_blank');
  });
});
