import {
  getIntentName,
  getLocale,
  getRequestType,
  getSlotValue,
  type HandlerInput,
  type RequestHandler,
  SkillBuilders,
} from 'ask-sdk-core';
import type { RequestEnvelope, Response } from 'ask-sdk-model';
import type { Db } from '../../db/database.ts';
import type { TokenGrantLookup } from '../accounts/public.ts';
import type { CommandBudget, CommandResult, Fleet, MowerCommand, MowerView } from '../fleet/public.ts';
import { listMowersFor } from '../mowers/public.ts';
import type { LinkGrants } from '../oauth/public.ts';
import { endAlexaLinkFromAmazon } from '../voice-links/public.ts';
import { SKILL_TEXTS, type SkillTexts, skillLanguage } from './skill-texts.ts';

/** The five skills of the seed's voice model (common/voice-links.ts ALEXA_SKILLS) as intents of the model. */
export const SKILL_INTENTS = {
  start: 'StartMowingIntent',
  stop: 'StopMowingIntent',
  dock: 'DockIntent',
  status: 'StatusIntent',
  battery: 'BatteryIntent',
} as const;
type Skill = keyof typeof SKILL_INTENTS;
export const SELECT_MOWER_INTENT = 'SelectMowerIntent';
export const MOWER_SLOT = 'mower';

export interface AlexaSkillDeps {
  db: Db;
  fleet: Fleet;
  commandBudget: CommandBudget;
  grants: LinkGrants;
  /** The OAuth clients of kind `alexa`: only their tokens are taken. */
  alexaClientIds: readonly string[];
  tokenGrant: TokenGrantLookup;
  skillId: string;
  log: { error(object: unknown, message?: string): void };
}

interface MowerChoice {
  serial: string;
  name: string;
}

/** Names as spoken: case, accents, punctuation, spacing and "&" said as "and" / "und" / "et" do not matter. */
const normalize = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((word) => word && !['and', 'und', 'et'].includes(word))
    .join(' ');

/** The mower a spoken name means: the same name, else the only one whose name contains it (or it the name). */
export function matchMower<T extends { name: string }>(mowers: readonly T[], spoken: string): T | undefined {
  const wanted = normalize(spoken);
  if (!wanted) return undefined;
  const exact = mowers.filter((mower) => normalize(mower.name) === wanted);
  if (exact.length === 1) return exact[0];
  const partial = mowers.filter(
    (mower) => normalize(mower.name).includes(wanted) || wanted.includes(normalize(mower.name)),
  );
  return partial.length === 1 ? partial[0] : undefined;
}

/** Speech is SSML: a mower's name is the user's text and must not become markup. */
const ssml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function commandSpeech(
  t: SkillTexts,
  name: string,
  command: MowerCommand,
  result: CommandResult,
  view: MowerView,
): string {
  const { record } = view;
  if (result.status === 'SUCCESS' && !result.alreadyInState) {
    return { start: t.started, resume: t.resumed, pause: t.paused, stop: t.stopped, dock: t.docking }[command](name);
  }
  if (result.status === 'SUCCESS') {
    if (command === 'dock') return record.state === 'returning' ? t.alreadyReturning(name) : t.alreadyDocked(name);
    return { start: t.alreadyMowing, resume: t.alreadyMowing, pause: t.alreadyPaused, stop: t.alreadyStopped }[command](
      name,
    );
  }
  if (result.errorCode === 'deviceOffline') return t.offline(name);
  if (result.errorCode === 'deviceTurnedOff') return t.winterMode(name);
  if (record.state === 'error') return t.faulted(name, t.fault[record.errorReason ?? 'stuck']);
  if (result.errorCode === 'lowBattery') return t.batteryTooLow(name, record.battery);
  return t.notNow(name);
}

function statusSpeech(t: SkillTexts, name: string, { record }: MowerView): string {
  if (!record.online) return t.offline(name);
  if (record.winterMode) return t.winterMode(name);
  if (record.state === 'error') return t.faulted(name, t.fault[record.errorReason ?? 'stuck']);
  const charging = record.atStation && record.battery < 100;
  const state = record.state === 'docked' && charging ? t.status.charging(name) : t.status[record.state](name);
  return `${state} ${t.battery(name, record.battery)}`;
}

function batterySpeech(t: SkillTexts, name: string, { record }: MowerView): string {
  if (!record.online) return t.offline(name);
  const charging = record.atStation && record.battery < 100 && !record.winterMode;
  return charging ? t.batteryCharging(name, record.battery) : t.battery(name, record.battery);
}

/**
 * The Navimow custom skill (docs/decisions/018-alexa-skill.md), built with the Alexa Skills Kit SDK: the five
 * skills for the account behind the access token Alexa got from our account linking, "which mower?" when it is
 * not clear, a remembered active mower, and the skill events that end the link.
 */
export function createAlexaSkill(deps: AlexaSkillDeps) {
  const { db, fleet, commandBudget, grants, alexaClientIds, tokenGrant } = deps;

  const textsOf = (input: HandlerInput) => SKILL_TEXTS[skillLanguage(getLocale(input.requestEnvelope))];
  const alexaUserId = (envelope: RequestEnvelope) =>
    envelope.context?.System?.user?.userId ?? envelope.session?.user?.userId ?? '';

  async function accountOf(envelope: RequestEnvelope): Promise<string | undefined> {
    const token = envelope.context?.System?.user?.accessToken ?? envelope.session?.user?.accessToken;
    if (!token) return undefined;
    const grant = await tokenGrant(token);
    if (!grant || !alexaClientIds.includes(grant.clientId) || !grant.scopes.includes('mower:control')) return undefined;
    return grant.accountId;
  }

  async function remember(accountId: string, userId: string, serial: string | null | undefined) {
    const now = new Date().toISOString();
    const values = {
      account_id: accountId,
      alexa_user_id: userId,
      updated_at: now,
      ...(serial !== undefined && { active_mower_serial: serial }),
    };
    await db
      .insertInto('alexa_skill_accounts')
      .values({ active_mower_serial: null, ...values })
      .onConflict((conflict) =>
        conflict.column('account_id').doUpdateSet({
          alexa_user_id: userId,
          updated_at: now,
          ...(serial !== undefined && { active_mower_serial: serial }),
        }),
      )
      .execute();
  }

  const linkAccount = (input: HandlerInput) =>
    input.responseBuilder
      .speak(textsOf(input).linkAccount)
      .withLinkAccountCard()
      .withShouldEndSession(true)
      .getResponse();

  async function perform(input: HandlerInput, accountId: string, skill: Skill, mower: MowerChoice): Promise<Response> {
    const t = textsOf(input);
    const name = ssml(mower.name);
    const done = (text: string) => input.responseBuilder.speak(text).withShouldEndSession(true).getResponse();
    const view = await fleet.view(mower.serial);
    if (!view) return done(t.failed);
    if (skill === 'status') return done(statusSpeech(t, name, view));
    if (skill === 'battery') return done(batterySpeech(t, name, view));
    const command: MowerCommand =
      skill === 'start'
        ? view.record.state === 'paused'
          ? 'resume'
          : 'start'
        : skill === 'stop'
          ? view.record.state === 'mowing'
            ? 'pause'
            : 'stop'
          : 'dock';
    // One command of the mower's and the account's budgets: a voice flood is refused as Google's and the API's are.
    const admission = await commandBudget.take(accountId, [{ serial: mower.serial, command }]);
    if (!admission.admitted) return done(t.tooManyCommands(name));
    const outcome = await fleet.command(mower.serial, command);
    if (!outcome) return done(t.failed);
    return done(commandSpeech(t, name, command, outcome.result, outcome.view));
  }

  /** The mowers the account may use, as the skill names and picks them. */
  async function mowerChoices(accountId: string): Promise<MowerChoice[]> {
    return (await listMowersFor(db, accountId)).map((mower) => ({ serial: mower.serial_number, name: mower.name }));
  }

  /** One of the five skills: for the named mower, the remembered one, the only one, or after asking which. */
  async function skillFor(input: HandlerInput, skill: Skill): Promise<Response> {
    const envelope = input.requestEnvelope;
    const accountId = await accountOf(envelope);
    if (!accountId) return linkAccount(input);
    const t = textsOf(input);
    const mowers = await mowerChoices(accountId);
    if (!mowers.length) return input.responseBuilder.speak(t.noMowers).withShouldEndSession(true).getResponse();
    const names = ssml(t.or(mowers.map((mower) => mower.name)));
    const ask = (text: string) => {
      input.attributesManager.setSessionAttributes({ pendingSkill: skill });
      return input.responseBuilder.speak(text).reprompt(t.whichMower(names)).withShouldEndSession(false).getResponse();
    };

    const spoken = getSlotValue(envelope, MOWER_SLOT);
    let mower: MowerChoice | undefined;
    if (spoken) {
      mower = matchMower(mowers, spoken);
      if (!mower) return ask(t.unknownMower(ssml(spoken), names));
    } else {
      const row = await db
        .selectFrom('alexa_skill_accounts')
        .select('active_mower_serial')
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      mower =
        mowers.find((candidate) => candidate.serial === row?.active_mower_serial) ??
        (mowers.length === 1 ? mowers[0] : undefined);
      if (!mower) return ask(t.whichMower(names));
    }
    await remember(accountId, alexaUserId(envelope), mower.serial);
    return perform(input, accountId, skill, mower);
  }

  const intent = (name: string) => (input: HandlerInput) =>
    getRequestType(input.requestEnvelope) === 'IntentRequest' && getIntentName(input.requestEnvelope) === name;
  const requestType = (type: string) => (input: HandlerInput) => getRequestType(input.requestEnvelope) === type;

  const handlers: RequestHandler[] = [
    ...(Object.keys(SKILL_INTENTS) as Skill[]).map((skill) => ({
      canHandle: intent(SKILL_INTENTS[skill]),
      handle: (input: HandlerInput) => skillFor(input, skill),
    })),
    {
      // The answer to "which mower?", or "use Back garden" on its own: the active mower from now on.
      canHandle: intent(SELECT_MOWER_INTENT),
      async handle(input) {
        const pending = input.attributesManager.getSessionAttributes<{ pendingSkill?: Skill }>().pendingSkill;
        if (pending && pending in SKILL_INTENTS) {
          input.attributesManager.setSessionAttributes({});
          return skillFor(input, pending);
        }
        const envelope = input.requestEnvelope;
        const accountId = await accountOf(envelope);
        if (!accountId) return linkAccount(input);
        const t = textsOf(input);
        const mowers = await mowerChoices(accountId);
        const names = ssml(t.or(mowers.map((mower) => mower.name)));
        const mower = matchMower(mowers, getSlotValue(envelope, MOWER_SLOT) ?? '');
        if (!mower)
          return input.responseBuilder
            .speak(t.unknownMower(ssml(getSlotValue(envelope, MOWER_SLOT) ?? ''), names))
            .reprompt(t.whichMower(names))
            .getResponse();
        await remember(accountId, alexaUserId(envelope), mower.serial);
        return input.responseBuilder
          .speak(t.selected(ssml(mower.name)))
          .withShouldEndSession(true)
          .getResponse();
      },
    },
    {
      canHandle: requestType('LaunchRequest'),
      async handle(input) {
        if (!(await accountOf(input.requestEnvelope))) return linkAccount(input);
        const t = textsOf(input);
        return input.responseBuilder.speak(t.welcome).reprompt(t.help).getResponse();
      },
    },
    {
      canHandle: intent('AMAZON.HelpIntent'),
      handle: (input) => input.responseBuilder.speak(textsOf(input).help).reprompt(textsOf(input).help).getResponse(),
    },
    {
      canHandle: (input) =>
        intent('AMAZON.CancelIntent')(input) ||
        intent('AMAZON.StopIntent')(input) ||
        intent('AMAZON.NavigateHomeIntent')(input),
      handle: (input) => input.responseBuilder.speak(textsOf(input).goodbye).withShouldEndSession(true).getResponse(),
    },
    {
      canHandle: intent('AMAZON.FallbackIntent'),
      handle: (input) =>
        input.responseBuilder.speak(textsOf(input).notUnderstood).reprompt(textsOf(input).help).getResponse(),
    },
    { canHandle: requestType('SessionEndedRequest'), handle: (input) => input.responseBuilder.getResponse() },
    {
      // The user linked: remember who uses the skill, so that a later SkillDisabled (which may carry no token) finds the account.
      canHandle: requestType('AlexaSkillEvent.SkillAccountLinked'),
      async handle(input) {
        const accountId = await accountOf(input.requestEnvelope);
        if (accountId) await remember(accountId, alexaUserId(input.requestEnvelope), undefined);
        return input.responseBuilder.getResponse();
      },
    },
    {
      // The user disabled the skill in the Alexa app: the link ends here too (voice-links shows Alexa not linked).
      canHandle: requestType('AlexaSkillEvent.SkillDisabled'),
      async handle(input) {
        const envelope = input.requestEnvelope;
        const accounts = new Set<string>();
        const byToken = await accountOf(envelope);
        if (byToken) accounts.add(byToken);
        const userId = alexaUserId(envelope);
        if (userId) {
          const rows = await db
            .selectFrom('alexa_skill_accounts')
            .select('account_id')
            .where('alexa_user_id', '=', userId)
            .execute();
          for (const row of rows) accounts.add(row.account_id);
        }
        for (const accountId of accounts) {
          await endAlexaLinkFromAmazon(db, grants, accountId, alexaClientIds);
          await db.deleteFrom('alexa_skill_accounts').where('account_id', '=', accountId).execute();
        }
        return input.responseBuilder.getResponse();
      },
    },
    {
      // Other skill events (enabled, permissions): nothing to do, but Amazon wants a success.
      canHandle: (input) => getRequestType(input.requestEnvelope).startsWith('AlexaSkillEvent.'),
      handle: (input) => input.responseBuilder.getResponse(),
    },
  ];

  return SkillBuilders.custom()
    .addRequestHandlers(...handlers)
    .addErrorHandlers({
      canHandle: () => true,
      handle: (input, error) => {
        deps.log.error({ err: error, type: getRequestType(input.requestEnvelope) }, 'Alexa skill request failed');
        return input.responseBuilder.speak(textsOf(input).failed).withShouldEndSession(true).getResponse();
      },
    })
    .withSkillId(deps.skillId)
    .create();
}
