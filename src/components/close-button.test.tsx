import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { installFakeBridge } from '../testing/fake-bridge.ts';
import { CloseButton } from './close-button.tsx';

let bridge: ReturnType<typeof installFakeBridge> | undefined;
afterEach(() => {
  bridge?.uninstall();
  bridge = undefined;
});

describe('CloseButton', () => {
  it('shows nothing in a plain browser, where there is no web view to close', () => {
    render(<CloseButton label="Done" failedText="The app did not close." />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('asks the app to close once, and says so when it does not, keeping the button for another try', async () => {
    let answers = 0;
    bridge = installFakeBridge({ closeWebView: () => (answers++ === 0 ? { code: 500, msg: 'busy' } : { code: 0 }) });
    render(<CloseButton label="Done" failedText="The app did not close." />);
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The app did not close.');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(bridge.callsOf('closeWebView')).toHaveLength(2);
  });
});
