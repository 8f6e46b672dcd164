import type { FaultReason } from '../../../common/messages.ts';
import type { ALEXA_VOICE_LANGUAGES } from '../../../common/voice-links.ts';

export type SkillLanguage = (typeof ALEXA_VOICE_LANGUAGES)[number];

/**
 * What the skill says, in the three languages of the seed's voice model (common/voice-links.ts). Server-side
 * speech, not page texts: the 22-language locale files do not carry it. German and French address the user
 * formally and use the glossary's words (scripts/glossary.ts: Mähroboter, robot tondeuse, Ladestation, station de
 * charge), as the app does. Mower names are the user's own and are spoken as they are.
 */
export interface SkillTexts {
  welcome: string;
  help: string;
  goodbye: string;
  linkAccount: string;
  noMowers: string;
  failed: string;
  notUnderstood: string;
  whichMower(names: string): string;
  unknownMower(spoken: string, names: string): string;
  selected(name: string): string;
  started(name: string): string;
  resumed(name: string): string;
  paused(name: string): string;
  stopped(name: string): string;
  docking(name: string): string;
  alreadyMowing(name: string): string;
  alreadyPaused(name: string): string;
  alreadyStopped(name: string): string;
  alreadyDocked(name: string): string;
  alreadyReturning(name: string): string;
  offline(name: string): string;
  winterMode(name: string): string;
  batteryTooLow(name: string, percent: number): string;
  notNow(name: string): string;
  /** The mower's or the account's command budget is spent for now (server/modules/fleet/command-budget.ts). */
  tooManyCommands(name: string): string;
  faulted(name: string, fault: string): string;
  fault: Record<FaultReason, string>;
  status: {
    docked(name: string): string;
    charging(name: string): string;
    idle(name: string): string;
    mowing(name: string): string;
    paused(name: string): string;
    returning(name: string): string;
  };
  battery(name: string, percent: number): string;
  batteryCharging(name: string, percent: number): string;
  /** "A, B or C". */
  or(items: readonly string[]): string;
}

const join = (items: readonly string[], word: string) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${word} ${items.at(-1)}`;

const en: SkillTexts = {
  welcome:
    'Welcome to Navimow. You can say start, stop, return to the charging station, status or battery. What would you like to do?',
  help: 'You can say start, stop, return to the charging station, status or battery, and name a mower, for example: start Front lawn. What would you like to do?',
  goodbye: 'Goodbye.',
  linkAccount: 'To control your mower, please link your Navimow account in the Alexa app.',
  noMowers: 'There is no mower on your Navimow account yet. Add one in the Navimow app.',
  failed: 'Sorry, that did not work. Please try again.',
  notUnderstood:
    'Sorry, I did not understand. You can say start, stop, return to the charging station, status or battery.',
  whichMower: (names) => `Which mower: ${names}?`,
  unknownMower: (spoken, names) => `I don't know a mower called ${spoken}. Which mower: ${names}?`,
  selected: (name) => `${name} is now your active mower.`,
  started: (name) => `${name} starts mowing.`,
  resumed: (name) => `${name} continues mowing.`,
  paused: (name) => `${name} has paused. Say start to continue.`,
  stopped: (name) => `${name} has stopped.`,
  docking: (name) => `${name} is returning to the charging station.`,
  alreadyMowing: (name) => `${name} is already mowing.`,
  alreadyPaused: (name) => `${name} is already paused.`,
  alreadyStopped: (name) => `${name} is not mowing.`,
  alreadyDocked: (name) => `${name} is already on its charging station.`,
  alreadyReturning: (name) => `${name} is already on its way to the charging station.`,
  offline: (name) => `${name} is offline. Please check its connection.`,
  winterMode: (name) => `${name} is in winter storage.`,
  batteryTooLow: (name, percent) =>
    `The battery of ${name} is at ${percent} percent, too low to start. Let it charge first.`,
  notNow: (name) => `${name} cannot do that right now.`,
  tooManyCommands: (name) => `${name} has had too many commands just now. Please try again in a moment.`,
  faulted: (name, fault) => `${name} needs your help: ${fault}.`,
  fault: {
    stuck: 'the mower is stuck',
    lifted: 'the mower has been lifted',
    tilted: 'the mower is tilted',
    outsideBoundary: 'the mower is outside its boundary',
    bladeBlocked: 'the blade is blocked',
    lowBattery: 'the battery is empty',
    rainDelay: 'it is waiting for the rain to stop',
  },
  status: {
    docked: (name) => `${name} is on its charging station.`,
    charging: (name) => `${name} is charging on its charging station.`,
    idle: (name) => `${name} is standing in the garden.`,
    mowing: (name) => `${name} is mowing.`,
    paused: (name) => `${name} has paused.`,
    returning: (name) => `${name} is returning to the charging station.`,
  },
  battery: (name, percent) => `The battery of ${name} is at ${percent} percent.`,
  batteryCharging: (name, percent) => `The battery of ${name} is at ${percent} percent and charging.`,
  or: (items) => join(items, 'or'),
};

const de: SkillTexts = {
  welcome:
    'Willkommen bei Navimow. Sie können sagen: starten, stoppen, zur Ladestation zurückkehren, Status oder Akku. Was möchten Sie tun?',
  help: 'Sie können sagen: starten, stoppen, zur Ladestation zurückkehren, Status oder Akku, und einen Mähroboter nennen, zum Beispiel: starte Front lawn. Was möchten Sie tun?',
  goodbye: 'Auf Wiederhören.',
  linkAccount: 'Um Ihren Mähroboter zu steuern, verknüpfen Sie bitte Ihr Navimow-Konto in der Alexa-App.',
  noMowers: 'In Ihrem Navimow-Konto ist noch kein Mähroboter. Fügen Sie einen in der Navimow-App hinzu.',
  failed: 'Das hat leider nicht geklappt. Bitte versuchen Sie es noch einmal.',
  notUnderstood:
    'Das habe ich leider nicht verstanden. Sie können sagen: starten, stoppen, zur Ladestation zurückkehren, Status oder Akku.',
  whichMower: (names) => `Welcher Mähroboter: ${names}?`,
  unknownMower: (spoken, names) => `Einen Mähroboter namens ${spoken} kenne ich nicht. Welcher Mähroboter: ${names}?`,
  selected: (name) => `${name} ist jetzt Ihr aktiver Mähroboter.`,
  started: (name) => `${name} beginnt zu mähen.`,
  resumed: (name) => `${name} mäht weiter.`,
  paused: (name) => `${name} pausiert. Sagen Sie starten, um fortzufahren.`,
  stopped: (name) => `${name} hat angehalten.`,
  docking: (name) => `${name} kehrt zur Ladestation zurück.`,
  alreadyMowing: (name) => `${name} mäht bereits.`,
  alreadyPaused: (name) => `${name} pausiert bereits.`,
  alreadyStopped: (name) => `${name} mäht gerade nicht.`,
  alreadyDocked: (name) => `${name} steht bereits in der Ladestation.`,
  alreadyReturning: (name) => `${name} ist bereits auf dem Weg zur Ladestation.`,
  offline: (name) => `${name} ist offline. Bitte prüfen Sie die Verbindung.`,
  winterMode: (name) => `${name} ist im Winterschlaf.`,
  batteryTooLow: (name, percent) =>
    `Der Akku von ${name} steht bei ${percent} Prozent, zu wenig zum Starten. Lassen Sie ihn zuerst laden.`,
  notNow: (name) => `${name} kann das gerade nicht.`,
  tooManyCommands: (name) => `${name} hat gerade zu viele Befehle bekommen. Bitte versuchen Sie es gleich noch einmal.`,
  faulted: (name, fault) => `${name} braucht Ihre Hilfe: ${fault}.`,
  fault: {
    stuck: 'der Mähroboter steckt fest',
    lifted: 'der Mähroboter wurde angehoben',
    tilted: 'der Mähroboter ist gekippt',
    outsideBoundary: 'der Mähroboter ist außerhalb seiner Grenze',
    bladeBlocked: 'das Messer ist blockiert',
    lowBattery: 'der Akku ist leer',
    rainDelay: 'er wartet, bis der Regen aufhört',
  },
  status: {
    docked: (name) => `${name} steht in der Ladestation.`,
    charging: (name) => `${name} lädt in der Ladestation.`,
    idle: (name) => `${name} steht im Garten.`,
    mowing: (name) => `${name} mäht.`,
    paused: (name) => `${name} pausiert.`,
    returning: (name) => `${name} kehrt zur Ladestation zurück.`,
  },
  battery: (name, percent) => `Der Akku von ${name} steht bei ${percent} Prozent.`,
  batteryCharging: (name, percent) => `Der Akku von ${name} steht bei ${percent} Prozent und lädt.`,
  or: (items) => join(items, 'oder'),
};

const fr: SkillTexts = {
  welcome:
    'Bienvenue sur Navimow. Vous pouvez dire : démarrer, arrêter, retourner à la station de charge, état ou batterie. Que souhaitez-vous faire ?',
  help: 'Vous pouvez dire : démarrer, arrêter, retourner à la station de charge, état ou batterie, et nommer un robot tondeuse, par exemple : démarre Front lawn. Que souhaitez-vous faire ?',
  goodbye: 'Au revoir.',
  linkAccount: 'Pour commander votre robot tondeuse, veuillez associer votre compte Navimow dans l’application Alexa.',
  noMowers: 'Votre compte Navimow ne contient encore aucun robot tondeuse. Ajoutez-en un dans l’application Navimow.',
  failed: 'Désolé, cela n’a pas fonctionné. Veuillez réessayer.',
  notUnderstood:
    'Désolé, je n’ai pas compris. Vous pouvez dire : démarrer, arrêter, retourner à la station de charge, état ou batterie.',
  whichMower: (names) => `Quel robot tondeuse : ${names} ?`,
  unknownMower: (spoken, names) =>
    `Je ne connais pas de robot tondeuse nommé ${spoken}. Quel robot tondeuse : ${names} ?`,
  selected: (name) => `${name} est maintenant votre robot tondeuse actif.`,
  started: (name) => `${name} commence à tondre.`,
  resumed: (name) => `${name} reprend la tonte.`,
  paused: (name) => `${name} est en pause. Dites démarrer pour continuer.`,
  stopped: (name) => `${name} s’est arrêté.`,
  docking: (name) => `${name} retourne à la station de charge.`,
  alreadyMowing: (name) => `${name} tond déjà.`,
  alreadyPaused: (name) => `${name} est déjà en pause.`,
  alreadyStopped: (name) => `${name} ne tond pas en ce moment.`,
  alreadyDocked: (name) => `${name} est déjà sur sa station de charge.`,
  alreadyReturning: (name) => `${name} est déjà en route vers la station de charge.`,
  offline: (name) => `${name} est hors ligne. Veuillez vérifier sa connexion.`,
  winterMode: (name) => `${name} est en hibernation.`,
  batteryTooLow: (name, percent) =>
    `La batterie de ${name} est à ${percent} pour cent, trop faible pour démarrer. Laissez-la d’abord se recharger.`,
  notNow: (name) => `${name} ne peut pas faire cela pour le moment.`,
  tooManyCommands: (name) => `${name} a reçu trop de commandes à l’instant. Veuillez réessayer dans un instant.`,
  faulted: (name, fault) => `${name} a besoin de votre aide : ${fault}.`,
  fault: {
    stuck: 'le robot tondeuse est coincé',
    lifted: 'le robot tondeuse a été soulevé',
    tilted: 'le robot tondeuse est incliné',
    outsideBoundary: 'le robot tondeuse est hors de sa zone',
    bladeBlocked: 'la lame est bloquée',
    lowBattery: 'la batterie est vide',
    rainDelay: 'il attend la fin de la pluie',
  },
  status: {
    docked: (name) => `${name} est sur sa station de charge.`,
    charging: (name) => `${name} se recharge sur sa station de charge.`,
    idle: (name) => `${name} est arrêté dans le jardin.`,
    mowing: (name) => `${name} tond.`,
    paused: (name) => `${name} est en pause.`,
    returning: (name) => `${name} retourne à la station de charge.`,
  },
  battery: (name, percent) => `La batterie de ${name} est à ${percent} pour cent.`,
  batteryCharging: (name, percent) => `La batterie de ${name} est à ${percent} pour cent et se recharge.`,
  or: (items) => join(items, 'ou'),
};

export const SKILL_TEXTS: Record<SkillLanguage, SkillTexts> = { en, de, fr };

/** The skill's language for an Alexa locale (`de-DE`, `fr-CA`, ...); English for any other. */
export function skillLanguage(locale: string | undefined): SkillLanguage {
  const language = (locale ?? '').slice(0, 2).toLowerCase();
  return language === 'de' || language === 'fr' ? language : 'en';
}
