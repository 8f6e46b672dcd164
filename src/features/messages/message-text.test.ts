import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { type MessageDto, MESSAGE_TYPES } from '../../../common/messages.ts';
import cs from '../../../locales/cs/messages.json';
import de from '../../../locales/de/messages.json';
import en from '../../../locales/en/messages.json';
import fr from '../../../locales/fr/messages.json';
import pl from '../../../locales/pl/messages.json';
import sl from '../../../locales/sl/messages.json';
import { messageText } from './message-text.ts';
import { testMessage } from './test-messages.ts';

const resources = { cs, de, en, fr, pl, sl };
type Language = keyof typeof resources;
const translators = {} as Record<Language, TFunction<'messages'>>;

beforeAll(async () => {
  for (const language of Object.keys(resources) as Language[]) {
    const i18n = createInstance();
    await i18n.init({
      lng: language,
      resources: { [language]: { messages: resources[language] } },
      defaultNS: 'messages',
      interpolation: { escapeValue: false },
    });
    translators[language] = i18n.getFixedT(language, 'messages') as TFunction<'messages'>;
  }
});

const text = (message: MessageDto, language: Language = 'en') => messageText(message, translators[language], language);

const EXAMPLES: Record<(typeof MESSAGE_TYPES)[number], MessageDto> = {
  mowingStarted: testMessage('mowingStarted', {}),
  mowingFinished: testMessage('mowingFinished', { areaSquareMetres: 420, minutes: 95 }),
  returnedToStation: testMessage('returnedToStation', { reason: 'rain' }),
  fault: testMessage(
    'fault',
    { reason: 'stuck' },
    { category: 'important', fault_code: 'E-203', severity: 'critical' },
  ),
  deviceOffline: testMessage('deviceOffline', {}, { category: 'device' }),
  deviceOnline: testMessage('deviceOnline', {}, { category: 'device' }),
  firmwareAvailable: testMessage('firmwareAvailable', { version: '3.2.1' }, { category: 'system' }),
  maintenance: testMessage(
    'maintenance',
    { dueInDays: 7 },
    { category: 'system', created_at: '2026-10-13T12:00:00.000Z' },
  ),
  shareAccepted: testMessage('shareAccepted', { name: 'Alex Gardner' }, { category: 'notification', mower: null }),
  welcome: testMessage('welcome', {}, { category: 'notification', mower: null }),
  generic: testMessage(
    'generic',
    { title: 'Spring offer', body: 'New blades at half price.' },
    { category: 'notification', mower: null },
  ),
};

describe('messageText', () => {
  it('reads every message type from its type and parameters', () => {
    expect(Object.fromEntries(MESSAGE_TYPES.map((type) => [type, text(EXAMPLES[type])]))).toEqual({
      mowingStarted: { title: 'Mowing started', body: 'Your mower has started mowing.' },
      mowingFinished: { title: 'Mowing finished', body: 'Mowed 420 m² in 95 minutes.' },
      returnedToStation: {
        title: 'Back at the charging station',
        body: 'It started to rain. Mowing continues when the grass is dry.',
      },
      fault: { title: 'The mower is stuck', body: 'Free the mower, then resume mowing in the Navimow app.' },
      deviceOffline: {
        title: 'Mower offline',
        body: 'Your mower has lost its connection. Check that it is switched on and within reach of your network.',
      },
      deviceOnline: { title: 'Mower back online', body: 'Your mower is connected again.' },
      firmwareAvailable: {
        title: 'Firmware update available',
        body: 'Version 3.2.1 is available for your mower. Install it in the Navimow app.',
      },
      maintenance: {
        title: 'Maintenance reminder',
        body: 'Your mower is due for maintenance on October 20, 2026. Clean it and check the blades.',
      },
      shareAccepted: {
        title: 'Invitation accepted',
        body: 'Alex Gardner accepted your invitation and can now use your mower.',
      },
      welcome: { title: 'Welcome to the message centre', body: 'What your mowers report arrives here.' },
      generic: { title: 'Spring offer', body: 'New blades at half price.' },
    });
  });

  it('reads in the reader’s language, with its numbers and dates', () => {
    expect(text(EXAMPLES.mowingFinished, 'de').body).toBe('Der Mähroboter hat 420 m² in 95 Minuten gemäht.');
    expect(text(testMessage('mowingFinished', { areaSquareMetres: 12_500, minutes: 1 }), 'de').body).toBe(
      'Der Mähroboter hat 12.500 m² in 1 Minute gemäht.',
    );
    expect(text(EXAMPLES.maintenance, 'fr').body).toContain('le 20 octobre 2026');
    expect(text(EXAMPLES.welcome, 'de').title).toBe('Willkommen im Nachrichtencenter');
    expect(text(EXAMPLES.fault, 'fr').title).toBe('Le robot tondeuse est bloqué');
  });

  it('uses each language’s plural forms', () => {
    const minutes = (count: number, language: Language) =>
      text(testMessage('mowingFinished', { areaSquareMetres: 100, minutes: count }), language).body.replace(
        /^.* (\S+ \S+)\.$/,
        '$1',
      );
    expect([1, 2, 5, 22, 25].map((count) => minutes(count, 'pl'))).toEqual([
      '1 minutę',
      '2 minuty',
      '5 minut',
      '22 minuty',
      '25 minut',
    ]);
    expect([1, 3, 5].map((count) => minutes(count, 'cs'))).toEqual(['1 minutu', '3 minuty', '5 minut']);
    expect([1, 2, 3, 5].map((count) => minutes(count, 'sl'))).toEqual([
      '1 minuti',
      '2 minutah',
      '3 minutah',
      '5 minutah',
    ]);
    expect([1, 2, 1_000_000].map((count) => minutes(count, 'fr'))).toEqual(['1 minute', '2 minutes', 'de minutes']);
  });

  it('keeps untrusted parameters as text: no markup, no nested keys, no interpolation', () => {
    const name = '<img src=x onerror=alert(1)> {{count}} $t(title)';
    expect(text(testMessage('shareAccepted', { name }, { mower: null })).body).toBe(
      `${name} accepted your invitation and can now use your mower.`,
    );
    const generic = testMessage('generic', {
      title: '<b>{{title}}</b>',
      body: '$t(types.fault.stuck.title)\n<script>x</script>',
    });
    expect(text(generic)).toEqual({
      title: '<b>{{title}}</b>',
      body: '$t(types.fault.stuck.title)\n<script>x</script>',
    });
  });

  it('reads a type or reason it does not know (a newer server) as a generic message', () => {
    const unknown = { title: 'New message', body: 'This message cannot be shown here. Please update the Navimow app.' };
    expect(text({ ...EXAMPLES.fault, params: { reason: 'struckByLightning' } } as unknown as MessageDto)).toEqual(
      unknown,
    );
    expect(text({ ...EXAMPLES.deviceOnline, type: 'robotUprising' } as unknown as MessageDto)).toEqual(unknown);
    // A maintenance message of the old shape (a fixed date): migrated away, but never read as "NaN".
    expect(text({ ...EXAMPLES.maintenance, params: { date: '2026-03-01' } } as unknown as MessageDto)).toEqual(unknown);
  });
});
