import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../testing/test-i18n.ts';
import { VoiceInfoScreen } from './voice-info-screen.tsx';

beforeAll(() => initTestI18n());

describe('VoiceInfoScreen', () => {
  it('explains the command form and gives commands for the five skills, in English first on an English page', () => {
    render(<VoiceInfoScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Alexa voice commands' })).toBeVisible();
    expect(
      screen.getByText('Say “Alexa”, an action word, the voice name “Segway robot”, then what your mower should do.'),
    ).toBeVisible();
    expect(screen.getByText(/understands English, German and French/)).toBeVisible();
    const formula = screen.getByRole('region', { name: 'How a command is built' });
    expect(within(formula).getByText('ask / tell / let')).toHaveAttribute('lang', 'en');
    expect(within(formula).getByText('Segway robot')).toBeVisible();
    // A name said as it is: translators, and the browser's translation, leave it alone.
    expect(within(formula).getByText('Segway robot')).toHaveAttribute('translate', 'no');
    for (const skill of [
      'Start or resume mowing',
      'Stop or pause',
      'Return to the charging station',
      'Ask for the status',
      'Ask for the battery level',
    ]) {
      const card = screen.getByRole('region', { name: skill });
      expect(within(card).getAllByRole('listitem')[0]).toHaveTextContent(/^Alexa, (ask|tell|let) Segway robot/);
    }
    expect(screen.getByRole('tab', { name: 'English' })).toHaveAttribute('aria-selected', 'true');
  });

  it('switches the commands to German and French, marked with their language', async () => {
    const user = userEvent.setup();
    render(<VoiceInfoScreen />);
    await user.click(screen.getByRole('tab', { name: 'German' }));
    expect(screen.getByText('Alexa, frag Segway robot nach dem Akkustand.')).toHaveAttribute('lang', 'de');
    expect(
      within(screen.getByRole('region', { name: 'How a command is built' })).getByText('frag / sag / lass'),
    ).toBeVisible();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'French' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Alexa, demande à Segway robot le niveau de la batterie.')).toHaveAttribute('lang', 'fr');
  });
});
