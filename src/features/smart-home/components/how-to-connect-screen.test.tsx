import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../testing/test-i18n.ts';
import { HowToConnectScreen } from './how-to-connect-screen.tsx';

beforeAll(async () => {
  await initTestI18n();
});

describe('HowToConnectScreen', () => {
  it('gives the Google Home app’s steps: + > Device > Works with Google > Navimow > sign in', () => {
    render(<HowToConnectScreen platform="google" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Connect with Google Home' })).toBeVisible();
    const steps = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Step 1 Open Google HomeOpen the Google Home app on your phone.',
      'Step 2 Add a deviceTap + (Add), then Device.',
      'Step 3 Works with GoogleChoose Works with Google.',
      'Step 4 Find NavimowSearch for Navimow and select it.',
      'Step 5 Sign in and agreeSign in with your Navimow account and agree to the link. Your mowers then appear in Google Home.',
    ]);
  });

  it('gives Hornbach’s steps in order, signing in on the Navimow page, each platform in its own words', () => {
    render(<HowToConnectScreen platform="hornbach" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Connect with Hornbach' })).toBeVisible();
    const steps = within(screen.getByRole('list')).getAllByRole('heading', { level: 2 });
    expect(steps.map((step) => step.textContent)).toEqual([
      "Step 1 Open Hornbach's app",
      'Step 2 Add a device',
      'Step 3 Sign in with Navimow',
      'Step 4 Agree',
      'Step 5 Find your mower',
    ]);
  });
});
