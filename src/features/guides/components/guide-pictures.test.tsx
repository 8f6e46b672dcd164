import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../testing/test-i18n.ts';
import { ConnectSolutionsScreen } from './connect-solutions-screen.tsx';
import { OverDischargeScreen } from './over-discharge-screen.tsx';

/** Every step of a guide has its drawn picture (issue 37): a reader scanning the pictures misses none of the steps. */

const sceneOf = (element: HTMLElement) => element.querySelector('[data-scene]')?.getAttribute('data-scene');

beforeAll(() => initTestI18n());

describe('guide pictures', () => {
  it('draws each step of the Bluetooth help, Step 2 (connect again) included', () => {
    render(<ConnectSolutionsScreen />);
    const steps = [...screen.getAllByRole('list')[0]!.children] as HTMLElement[];
    expect(steps.map(sceneOf)).toEqual(['pressOk', 'reconnect']);
  });

  it('draws the over-discharge help’s symptom as well as its recovery', () => {
    render(<OverDischargeScreen />);
    expect(sceneOf(screen.getByRole('region', { name: 'What you notice' }))).toBe('offStation');
    expect(sceneOf(screen.getByRole('region', { name: /battery/i }))).toBe('charge');
  });
});
