import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALEXA_INVOCATION_NAME, ALEXA_SKILLS } from '../../../common/voice-links.ts';
import { MOWER_SLOT, SELECT_MOWER_INTENT, SKILL_INTENTS } from './alexa-skill.ts';

interface Model {
  interactionModel: {
    languageModel: {
      invocationName: string;
      intents: { name: string; slots?: { name: string; type: string }[]; samples: string[] }[];
      types: { name: string; values: { name: { value: string } }[] }[];
    };
  };
}

const LOCALES = ['en-US', 'de-DE', 'fr-FR'] as const;
const load = (locale: string) =>
  JSON.parse(readFileSync(new URL(`./interaction-models/${locale}.json`, import.meta.url), 'utf8')) as Model;

describe.each(LOCALES)('the Alexa interaction model for %s', (locale) => {
  const { languageModel } = load(locale).interactionModel;

  it("is invoked by the seed's voice name and has an intent for each of the five skills, plus the mower choice", () => {
    expect(languageModel.invocationName).toBe(ALEXA_INVOCATION_NAME.toLowerCase());
    const names = languageModel.intents.map((intent) => intent.name);
    expect(Object.keys(SKILL_INTENTS).sort()).toEqual([...ALEXA_SKILLS].sort());
    for (const name of [
      ...Object.values(SKILL_INTENTS),
      SELECT_MOWER_INTENT,
      'AMAZON.HelpIntent',
      'AMAZON.StopIntent',
      'AMAZON.CancelIntent',
      'AMAZON.FallbackIntent',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('lets every skill name a mower, and no utterance belongs to two intents', () => {
    const seen = new Map<string, string>();
    for (const intent of languageModel.intents.filter((candidate) => !candidate.name.startsWith('AMAZON.'))) {
      expect(intent.slots).toEqual([{ name: MOWER_SLOT, type: 'MOWER_NAME' }]);
      expect(
        intent.samples.some((sample) => sample.includes(`{${MOWER_SLOT}}`)),
        intent.name,
      ).toBe(true);
      expect(intent.samples.length, intent.name).toBeGreaterThanOrEqual(4);
      for (const sample of intent.samples) {
        // Amazon's rules for sample utterances: no punctuation but apostrophes, periods and hyphens; slots in braces.
        expect(sample, sample).toMatch(/^[\p{L}\p{N} '.{}-]+$/u);
        expect(seen.get(sample.toLowerCase()), `${sample} in ${intent.name}`).toBeUndefined();
        seen.set(sample.toLowerCase(), intent.name);
      }
    }
    expect(languageModel.types.find((type) => type.name === 'MOWER_NAME')!.values.length).toBeGreaterThan(0);
  });
});
