import { describe, expect, it } from 'vitest';
import { GOOGLE_COMMANDS } from '../../../common/voice-links.ts';
import { defaultGoogleVoiceLanguage, GOOGLE_VOICE_LANGUAGES, googlePhrase, spokenMower } from './voice-phrases.ts';

describe('Google voice phrases', () => {
  it.each(GOOGLE_VOICE_LANGUAGES)(
    '%s: every command names the mower once, by its name or by the word Google knows',
    (language) => {
      for (const command of GOOGLE_COMMANDS) {
        const named = googlePhrase(command, language, 'Zyx');
        expect(named).toMatch(/^Hey Google, /);
        expect(named.split('Zyx')).toHaveLength(2);
        expect(googlePhrase(command, language)).not.toContain('{}');
      }
      expect(googlePhrase('start', language)).toContain(spokenMower(language));
    },
  );

  it('says resume as Google does: French “relance”, not “reprends” (take back)', () => {
    expect(googlePhrase('resume', 'fr')).toBe('Hey Google, relance la tondeuse.');
  });

  it('falls back to English where Google Assistant does not speak the page’s language', () => {
    expect(['fi', 'et', 'lv', 'lt', 'cs', 'sk', 'hu', 'ro', 'bg', 'hr', 'sl'].map(defaultGoogleVoiceLanguage)).toEqual(
      Array(11).fill('en'),
    );
    expect(defaultGoogleVoiceLanguage('da')).toBe('da');
  });
});
