import type { Language } from '../../../common/languages.ts';
import type { GOOGLE_COMMANDS } from '../../../common/voice-links.ts';

export type GoogleCommand = (typeof GOOGLE_COMMANDS)[number];

/**
 * The product's languages that Google Assistant speaks (Google's list of Assistant languages; smart-home control
 * works in each). Finnish, Estonian, Latvian, Lithuanian, Czech, Slovak, Hungarian, Romanian, Bulgarian, Croatian
 * and Slovene are not among them: a user of those pages speaks to the Assistant in one of these.
 * Portuguese is Google's Brazilian Portuguese, the only one the Assistant speaks (docs/decisions/030-…).
 */
export const GOOGLE_VOICE_LANGUAGES = ['en', 'de', 'fr', 'nl', 'it', 'sv', 'no', 'da', 'pt', 'es', 'pl'] as const;
export type GoogleVoiceLanguage = (typeof GOOGLE_VOICE_LANGUAGES)[number];

interface SpokenLanguage {
  /** The mower as said in the commands: the word Google knows for the MOWER device type, in the commands' case. */
  mower: string;
  /** Each command with `{}` for the mower's name or, for an account's only mower, for `mower`. */
  commands: Readonly<Record<GoogleCommand, string>>;
  /** Where a command needs another form of the word than `mower` (Polish "kosiarka" as a subject). */
  mowerIn?: Partial<Record<GoogleCommand, string>>;
}

/**
 * What a user says to Google Assistant, following Google's own sample phrasing for the StartStop, Dock and query
 * grammars in each language (resume is "relance" in French, not "reprends", which reads as "take back"). These are
 * not translations of the page: the page explains in its language, the user speaks the Assistant's, so they live
 * here rather than in the 22 locale files, as the Alexa commands do (src/features/alexa/voice-phrases.ts).
 */
const SPOKEN: Readonly<Record<GoogleVoiceLanguage, SpokenLanguage>> = {
  en: {
    mower: 'the mower',
    commands: {
      start: 'Hey Google, start {}.',
      resume: 'Hey Google, resume {}.',
      park: 'Hey Google, dock {}.',
      pause: 'Hey Google, pause {}.',
      status: 'Hey Google, is {} running?',
    },
  },
  de: {
    mower: 'den Rasenmäher',
    mowerIn: { status: 'der Rasenmäher' },
    commands: {
      start: 'Hey Google, starte {}.',
      resume: 'Hey Google, setze {} fort.',
      park: 'Hey Google, schick {} zur Ladestation.',
      pause: 'Hey Google, pausiere {}.',
      status: 'Hey Google, läuft {}?',
    },
  },
  fr: {
    mower: 'la tondeuse',
    commands: {
      start: 'Hey Google, démarre {}.',
      resume: 'Hey Google, relance {}.',
      park: 'Hey Google, renvoie {} à sa base.',
      pause: 'Hey Google, mets {} en pause.',
      status: 'Hey Google, est-ce que {} est en marche\u00a0?',
    },
  },
  nl: {
    mower: 'de grasmaaier',
    commands: {
      start: 'Hey Google, start {}.',
      resume: 'Hey Google, hervat {}.',
      park: 'Hey Google, stuur {} naar het laadstation.',
      pause: 'Hey Google, pauzeer {}.',
      status: 'Hey Google, is {} bezig?',
    },
  },
  it: {
    mower: 'il tosaerba',
    commands: {
      start: 'Hey Google, avvia {}.',
      resume: 'Hey Google, riprendi {}.',
      park: 'Hey Google, manda {} alla base di ricarica.',
      pause: 'Hey Google, metti in pausa {}.',
      status: 'Hey Google, {} è in funzione?',
    },
  },
  sv: {
    mower: 'gräsklipparen',
    commands: {
      start: 'Hey Google, starta {}.',
      resume: 'Hey Google, återuppta {}.',
      park: 'Hey Google, skicka {} till laddstationen.',
      pause: 'Hey Google, pausa {}.',
      status: 'Hey Google, är {} igång?',
    },
  },
  no: {
    mower: 'gressklipperen',
    commands: {
      start: 'Hey Google, start {}.',
      resume: 'Hey Google, gjenoppta {}.',
      park: 'Hey Google, send {} til ladestasjonen.',
      pause: 'Hey Google, sett {} på pause.',
      status: 'Hey Google, går {}?',
    },
  },
  da: {
    mower: 'plæneklipperen',
    commands: {
      start: 'Hey Google, start {}.',
      resume: 'Hey Google, genoptag {}.',
      park: 'Hey Google, send {} til ladestationen.',
      pause: 'Hey Google, sæt {} på pause.',
      status: 'Hey Google, kører {}?',
    },
  },
  pt: {
    mower: 'o cortador de grama',
    commands: {
      start: 'Hey Google, inicie {}.',
      resume: 'Hey Google, retome {}.',
      park: 'Hey Google, mande {} para a base.',
      pause: 'Hey Google, pause {}.',
      status: 'Hey Google, {} está funcionando?',
    },
  },
  es: {
    mower: 'el cortacésped',
    commands: {
      start: 'Hey Google, inicia {}.',
      resume: 'Hey Google, reanuda {}.',
      park: 'Hey Google, envía {} a la base de carga.',
      pause: 'Hey Google, pausa {}.',
      status: 'Hey Google, ¿está funcionando {}?',
    },
  },
  pl: {
    mower: 'kosiarkę',
    mowerIn: { status: 'kosiarka' },
    commands: {
      start: 'Hey Google, uruchom {}.',
      resume: 'Hey Google, wznów {}.',
      park: 'Hey Google, wyślij {} do stacji ładującej.',
      pause: 'Hey Google, wstrzymaj {}.',
      status: 'Hey Google, czy {} pracuje?',
    },
  },
};

export function isGoogleVoiceLanguage(language: string): language is GoogleVoiceLanguage {
  return (GOOGLE_VOICE_LANGUAGES as readonly string[]).includes(language);
}

/** The language the examples are first shown in: the page's when the Assistant speaks it, else English. */
export function defaultGoogleVoiceLanguage(pageLanguage: Language | string): GoogleVoiceLanguage {
  return isGoogleVoiceLanguage(pageLanguage) ? pageLanguage : 'en';
}

/** The word for the mower as the examples say it, for the texts that quote it ("you can say “the mower”"). */
export function spokenMower(language: GoogleVoiceLanguage): string {
  return SPOKEN[language].mower;
}

/** One command as said to Google Assistant: with the mower's name, or with the word for the account's only mower. */
export function googlePhrase(command: GoogleCommand, language: GoogleVoiceLanguage, name?: string): string {
  const spoken = SPOKEN[language];
  return spoken.commands[command].replace('{}', () => name ?? spoken.mowerIn?.[command] ?? spoken.mower);
}
