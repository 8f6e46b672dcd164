import {
  ALEXA_ACTION_WORDS,
  ALEXA_INVOCATION_NAME,
  ALEXA_SKILLS,
  ALEXA_VOICE_LANGUAGES,
} from '../../../common/voice-links.ts';

export type AlexaVoiceLanguage = (typeof ALEXA_VOICE_LANGUAGES)[number];
export type AlexaSkill = (typeof ALEXA_SKILLS)[number];
export type AlexaActionWord = (typeof ALEXA_ACTION_WORDS)[number];

export { ALEXA_ACTION_WORDS, ALEXA_INVOCATION_NAME, ALEXA_SKILLS, ALEXA_VOICE_LANGUAGES };

/** One sample command: an action word and what follows the voice name, both in the language Alexa hears. */
type Sample = readonly [AlexaActionWord, string];

interface SpokenLanguage {
  /** The action words as Alexa understands them in this language (seed section 9: ask, tell, let). */
  actionWords: Readonly<Record<AlexaActionWord, string>>;
  samples: Readonly<Record<AlexaSkill, readonly Sample[]>>;
}

/**
 * What a user says to Alexa, in the three languages the skill understands. These are not translations of the
 * page: a user reads the explanation in their own language and speaks one of these, so they live here, beside
 * the seed's constants, rather than in the 22 locale files. Each follows the seed's form: action word, the fixed
 * voice name, then the skill.
 */
const SPOKEN: Readonly<Record<AlexaVoiceLanguage, SpokenLanguage>> = {
  en: {
    actionWords: { ask: 'ask', tell: 'tell', let: 'let' },
    samples: {
      start: [
        ['ask', ' to start mowing'],
        ['tell', ' to resume mowing'],
        ['let', ' start mowing'],
      ],
      stop: [
        ['tell', ' to stop'],
        ['ask', ' to pause mowing'],
      ],
      dock: [
        ['tell', ' to return to the charging station'],
        ['let', ' go back to the charging station'],
      ],
      status: [
        ['ask', ' for its status'],
        ['ask', ' what it is doing'],
      ],
      battery: [
        ['ask', ' for the battery level'],
        ['ask', ' how much battery is left'],
      ],
    },
  },
  de: {
    actionWords: { ask: 'frag', tell: 'sag', let: 'lass' },
    samples: {
      start: [
        ['tell', ', starte das Mähen'],
        ['let', ' weitermähen'],
      ],
      stop: [
        ['tell', ', stopp das Mähen'],
        ['tell', ', pausiere'],
      ],
      dock: [
        ['tell', ', fahr zur Ladestation zurück'],
        ['let', ' zur Ladestation zurückfahren'],
      ],
      status: [
        ['ask', ' nach dem Status'],
        ['ask', ', was er gerade macht'],
      ],
      battery: [['ask', ' nach dem Akkustand']],
    },
  },
  fr: {
    actionWords: { ask: 'demande à', tell: 'dis à', let: 'laisse' },
    samples: {
      start: [
        ['ask', ' de commencer la tonte'],
        ['tell', ' de reprendre la tonte'],
        ['let', ' tondre la pelouse'],
      ],
      stop: [
        ['tell', ' d’arrêter la tonte'],
        ['ask', ' de faire une pause'],
      ],
      dock: [['tell', ' de retourner à la station de charge']],
      status: [['ask', ' quel est son état']],
      battery: [['ask', ' le niveau de la batterie']],
    },
  },
};

export interface VoicePhrase {
  /** The whole command, as said to Alexa. */
  text: string;
  language: AlexaVoiceLanguage;
}

function phrase(language: AlexaVoiceLanguage, [action, rest]: Sample): VoicePhrase {
  return { language, text: `Alexa, ${SPOKEN[language].actionWords[action]} ${ALEXA_INVOCATION_NAME}${rest}.` };
}

/** Every sample command for one skill, in one of Alexa's languages. */
export function phrasesFor(skill: AlexaSkill, language: AlexaVoiceLanguage): VoicePhrase[] {
  return SPOKEN[language].samples[skill].map((sample) => phrase(language, sample));
}

/** The action words in one of Alexa's languages, in the seed's order (ask, tell, let). */
export function actionWordsIn(language: AlexaVoiceLanguage): string[] {
  return ALEXA_ACTION_WORDS.map((word) => SPOKEN[language].actionWords[word]);
}

/** A few commands to try first (the success page): start, status and back to the charging station. */
export function firstPhrases(language: AlexaVoiceLanguage): VoicePhrase[] {
  return (['start', 'status', 'dock'] as const).map((skill) => phrase(language, SPOKEN[language].samples[skill][0]!));
}

/**
 * The language to show commands in first: the page's when Alexa speaks it, else English. Someone reading
 * Dutch or Polish most likely talks to an Alexa set to English or German, so the page lets them switch.
 */
export function defaultVoiceLanguage(pageLanguage: string): AlexaVoiceLanguage {
  const base = pageLanguage.toLowerCase().split('-')[0];
  return (ALEXA_VOICE_LANGUAGES as readonly string[]).includes(base ?? '') ? (base as AlexaVoiceLanguage) : 'en';
}
