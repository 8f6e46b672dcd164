import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { failure, ok } from '../lib/bridge/native-fake.ts';
import { installFakeBridge } from '../testing/fake-bridge.ts';
import { initTestI18n } from '../testing/test-i18n.ts';
import { CloseButton } from './close-button.tsx';

let bridge: ReturnType<typeof installFakeBridge> | undefined;

beforeAll(async () => {
  await initTestI18n();
});

afterEach(() => {
  bridge?.uninstall();
  bridge = undefined;
});

describe('CloseButton', () => {
  it('closes the web view once, however often it is tapped', async () => {
    let answer!: () => void;
    bridge = installFakeBridge({ closeWebView: () => new Promise((resolve) => (answer = () => resolve(ok()))) });
    const user = userEvent.setup();
    render(<CloseButton label="Done" />);
    const button = screen.getByRole('button', { name: 'Done' });
    await user.dblClick(button);
    await waitFor(() => expect(bridge!.callsOf('closeWebView')).toHaveLength(1));
    expect(button).toBeDisabled();
    answer();
    await waitFor(() => expect(button).toBeEnabled());
    expect(bridge.callsOf('closeWebView')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is called Close unless told otherwise, and says so when the app did not close the page', async () => {
    bridge = installFakeBridge({ closeWebView: () => failure(500, 'busy') });
    const user = userEvent.setup();
    render(<CloseButton variant="secondary" />);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This page could not be closed. Use the back button of the app.',
    );
    expect(screen.getByRole('button', { name: 'Close' })).toBeEnabled();
  });

  it('is not there in a plain browser, where there is nothing to close', () => {
    render(<CloseButton label="Done" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
