import { describe, expect, it } from 'vitest';
import { ALEXA_INVOCATION_NAME, ALEXA_SKILLS, ALEXA_VOICE_LANGUAGES } from '../../../common/voice-links.ts';
import { actionWordsIn, defaultVoiceLanguage, firstPhrases, phrasesFor } from './voice-phrases.ts';

describe('the Alexa voice commands', () => {
  it.each(ALEXA_VOICE_LANGUAGES)(
    'give every skill a command of the seed’s form in %s: Alexa, an action word, the voice name',
    (language) => {
      const [ask, tell, letWord] = actionWordsIn(language);
      for (const skill of ALEXA_SKILLS) {
        const phrases = phrasesFor(skill, language);
        expect(phrases.length, skill).toBeGreaterThan(0);
        for (const { text, language: spoken } of phrases) {
          expect(spoken).toBe(language);
          expect(
            [ask, tell, letWord].some((word) => text.startsWith(`Alexa, ${word} ${ALEXA_INVOCATION_NAME}`)),
            text,
          ).toBe(true);
        }
      }
    },
  );

  it('use each action word somewhere in each language', () => {
    for (const language of ALEXA_VOICE_LANGUAGES) {
      const all = ALEXA_SKILLS.flatMap((skill) => phrasesFor(skill, language)).map((phrase) => phrase.text);
      for (const word of actionWordsIn(language))
        expect(
          all.some((text) => text.startsWith(`Alexa, ${word} `)),
          `${language} ${word}`,
        ).toBe(true);
    }
    expect(phrasesFor('start', 'en')[0]!.text).toBe('Alexa, ask Segway robot to start mowing.');
    expect(phrasesFor('battery', 'de')[0]!.text).toBe('Alexa, frag Segway robot nach dem Akkustand.');
    expect(phrasesFor('dock', 'fr')[0]!.text).toBe('Alexa, dis à Segway robot de retourner à la station de charge.');
  });

  it('are shown first in the page’s language where Alexa speaks it, else in English', () => {
    expect(defaultVoiceLanguage('de')).toBe('de');
    expect(defaultVoiceLanguage('fr')).toBe('fr');
    expect(defaultVoiceLanguage('en')).toBe('en');
    expect(defaultVoiceLanguage('nl')).toBe('en');
    expect(defaultVoiceLanguage('pl')).toBe('en');
    expect(firstPhrases('fr').map((phrase) => phrase.language)).toEqual(['fr', 'fr', 'fr']);
  });
});
