import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../common/languages.ts';
import { GLOSSARY } from './glossary.ts';
import { checkLocaleTexts, readLocaleFolder, type LocaleTexts } from './locale-check.ts';

describe('locale files', () => {
  it('are complete, non-empty, consistent and true to the glossary in all 22 languages', () => {
    const { texts, problems } = readLocaleFolder(fileURLToPath(new URL('../locales', import.meta.url)));
    // An empty read would let every check below pass without looking at a single text.
    expect(Object.keys(texts).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
    expect(Object.keys(texts.en!)).toContain('common');
    expect([...problems, ...checkLocaleTexts(texts)]).toEqual([]);
  });
});

/** A small, correct set of locales; each test below breaks one thing in a copy of it. */
function validTexts() {
  return {
    en: {
      guide: {
        title: 'Winter storage',
        actions: { retry: 'Retry' },
        lowBattery: 'Battery at {{percent}}%. Charge the mower first.',
        screws_one: 'Undo the {{count}} screw.',
        screws_other: 'Undo the {{count}} screws.',
      },
    },
    de: {
      guide: {
        title: 'Einlagerung im Winter',
        actions: { retry: 'Erneut versuchen' },
        lowBattery: 'Akkustand {{percent}}\u00a0%. Laden Sie zuerst den Mähroboter.',
        screws_one: 'Lösen Sie die {{count}} Schraube.',
        screws_other: 'Lösen Sie die {{count}} Schrauben.',
      },
    },
    pl: {
      guide: {
        title: 'Przechowywanie zimą',
        actions: { retry: 'Spróbuj ponownie' },
        lowBattery: 'Akumulator naładowany w {{percent}}%. Najpierw naładuj kosiarkę.',
        screws_one: 'Odkręć {{count}} śrubę.',
        screws_few: 'Odkręć {{count}} śruby.',
        screws_many: 'Odkręć {{count}} śrub.',
        screws_other: 'Odkręć {{count}} śruby.',
      },
    },
  };
}

type Texts = ReturnType<typeof validTexts>;
const LANGUAGES = ['en', 'de', 'pl'];

function check(change: (texts: Texts) => void): string[] {
  const texts = validTexts();
  change(texts);
  return checkLocaleTexts(texts, { languages: LANGUAGES });
}

describe('the locale check', () => {
  it('passes the correct locales used by the tests below', () => {
    expect(checkLocaleTexts(validTexts(), { languages: LANGUAGES })).toEqual([]);
  });

  it('reports a missing key', () => {
    expect(check((texts) => delete (texts.de.guide.actions as Partial<typeof texts.de.guide.actions>).retry)).toEqual([
      'de/guide: missing actions.retry',
    ]);
  });

  it('reports an empty text', () => {
    expect(check((texts) => (texts.pl.guide.title = ' '))).toEqual(['pl/guide: empty title']);
  });

  it('reports a placeholder that English does not have', () => {
    expect(
      check((texts) => (texts.de.guide.lowBattery = 'Akkustand {{prozent}}\u00a0%. Laden Sie zuerst den Mähroboter.')),
    ).toEqual(['de/guide: placeholders of lowBattery differ from English']);
  });

  it('reports a plural category that the language needs but the file lacks', () => {
    expect(check((texts) => delete (texts.pl.guide as Partial<typeof texts.pl.guide>).screws_many)).toEqual([
      'pl/guide: missing plural screws_many',
    ]);
  });

  it('reports a text left in English', () => {
    expect(check((texts) => (texts.de.guide.title = 'Winter storage'))).toEqual([
      'de/guide: title is the English text',
    ]);
  });

  it('reports keys, files and languages that do not match English', () => {
    expect(check((texts) => Object.assign(texts.de.guide, { extra: 'Zusatz' }))).toEqual([
      'de/guide: unknown key extra',
    ]);
    expect(check((texts) => delete (texts as Partial<Texts>).pl)).toEqual(['pl: no locale folder']);
    expect(check((texts) => delete (texts.de as Partial<Texts['de']>).guide)).toEqual(['de/guide: no such file']);
    expect(check((texts) => Object.assign(texts.de.guide, { title: 42 }))).toEqual([
      'de/guide: title is not a text',
      'de/guide: missing title',
    ]);
  });

  it('reports a word that the glossary rules out, naming the word to use', () => {
    expect(
      check((texts) => (texts.de.guide.lowBattery = 'Akkustand {{percent}}\u00a0%. Laden Sie zuerst den Mäher.')),
    ).toEqual(["de/guide: lowBattery uses “Mäher”; the glossary's mower is “Mähroboter”"]);
  });

  it('reads a word with soft hyphens (where a narrow label may break it) as the word itself', () => {
    expect(
      check(
        (texts) => (texts.de.guide.lowBattery = 'Akkustand {{percent}}\u00a0%. Laden Sie zuerst den Mäh\u00adroboter.'),
      ),
    ).toEqual([]);
    expect(
      check((texts) => (texts.de.guide.lowBattery = 'Akkustand {{percent}}\u00a0%. Laden Sie zuerst den Mä\u00adher.')),
    ).toEqual(["de/guide: lowBattery uses “Mäher”; the glossary's mower is “Mähroboter”"]);
  });

  it('reports a percent sign spaced against the language’s rule', () => {
    expect(
      check((texts) => (texts.de.guide.lowBattery = 'Akkustand {{percent}} %. Laden Sie zuerst den Mähroboter.')),
    ).toEqual(['de/guide: lowBattery writes a space before “%”; the glossary asks for a no-break space']);
    expect(
      check(
        (texts) =>
          (texts.pl.guide.lowBattery = 'Akumulator naładowany w {{percent}}\u00a0%. Najpierw naładuj kosiarkę.'),
      ),
    ).toEqual(['pl/guide: lowBattery writes a no-break space before “%”; the glossary asks for no space']);
  });

  it.each([
    ['hu', 'Töltse fel a fűnyírót 85 %-ra.', ['fűnyíró', 'before “%”']],
    ['hu', 'Nyissa meg a Navimow alkalmazást.', ['Navimow alkalmazás']],
    ['bg', 'Влезте в акаунта си.', ['акаунт']],
    ['bg', 'Проверете косачката ви.', ['ви']],
    ['fi', 'Leikkurin tunnelmavalo vilkkuu.', ['Leikkuri', 'tunnelmavalo']],
    ['lt', 'Vejapjovės aplinkos apšvietimas mirksi.', ['aplinkos apšviet']],
    ['hr', 'Pokušaj ponovno', ['Pokušaj']],
    ['sl', 'Poskusi znova', ['Poskusi']],
    ['et', 'Proovi uuesti', ['Proovi']],
    ['nl', 'Controleer je maaier.', ['maaier', 'je']],
    ['es', 'Comprueba tu robot.', ['robot', 'tu']],
    ['fr', 'Vérifiez la tondeuse : elle est éteinte.', ['tondeuse', ' :']],
    ['fr', 'Dissocier Google Assistant', ['Google Assistant']],
    ['fr', "Ouvrez l'application Navimow.", ["'"]],
    ['es', 'Desvincular el Asistente Google', ['Asistente Google']],
    ['es', 'Hecho', ['Hecho']],
    ['cs', 'Zrušit propojení s Google Assistant', ['Google Assistant']],
    ['hu', 'Nyissa meg a Google Home alkalmazást.', ['Google Home alkalmaz']],
    ['nl', 'Tik op "Koppelen".', ['"']],
    ['nl', 'Gereed', ['Gereed']],
    ['da', 'Kontrollér, at robotplæneklipperen er tændt.', ['Kontrollér']],
    ['da', 'Vælg "Fungerer med Google".', ['"']],
    ['no', 'Logg inn i Navimow-appen.', ['Logg inn']],
    ['pl', 'Kliknij Połącz.', ['Kliknij']],
    ['lt', 'Bakstelėkite Susieti.', ['Bakstel']],
    ['cs', 'Pokračujte v sekání.', ['sekání']],
    ['et', 'Häälejuhtimine Alexaga', ['Häälejuhtim']],
    ['it', 'Tocchi «Collega» e confermi.', ['Tocchi', 'confermi']],
    ['hr', 'Korak 2. Provjerite kosilicu.', ['Korak 2']],
    ['lv', 'Jūs esat izrakstījies.', ['esat izrakstījies']],
    ['ro', 'Deschideți singur aplicația.', ['Deschideți singur']],
    ['de', 'Die Anfrage ist abgelaufen. Starten Sie neu.', ['Starten Sie neu']],
    ['sv', 'Öppna Mer > Skills och spel i Alexa-appen.', ['Skills och spel', 'Mer > ']],
    ['it', 'Il robot tagliaerba non verrà condiviso con Lei.', ['Lei']],
  ])('reports what the %s glossary rules out in “%s”', (language, text, found) => {
    const problems = checkLocaleTexts(
      { en: { guide: { text: 'An English text.' } }, [language]: { guide: { text } } } satisfies LocaleTexts,
      {
        languages: ['en', language],
      },
    );
    expect(problems.length).toBe(found.length);
    found.forEach((word, index) => expect(problems[index]).toContain(word));
  });

  it('requires the glossary’s form where a name stands alone: Google’s own name for its assistant in each language', () => {
    const english = { googleHome: { title: 'Google Assistant' }, smartHome: { googleAssistant: 'Google Assistant' } };
    const texts = {
      en: english,
      pl: { googleHome: { title: 'Asystent Google' }, smartHome: { googleAssistant: 'Google Asystent' } },
      fr: { googleHome: { title: 'Google Assistant' }, smartHome: { googleAssistant: 'Assistant Google' } },
      de: english,
    };
    expect(checkLocaleTexts(texts, { languages: ['en', 'pl', 'fr', 'de'] })).toEqual([
      "fr/googleHome: title is “Google Assistant”; the glossary's assistant is “Assistant Google”",
      "fr/googleHome: title uses “Google Assistant”; the glossary's assistant is “Assistant Google”",
      "pl/smartHome: googleAssistant is “Google Asystent”; the glossary's assistant is “Asystent Google”",
      "pl/smartHome: googleAssistant uses “Google Asystent”; the glossary's assistant is “Asystent Google”",
    ]);
  });

  it('holds a rule for one plural form only: Romanian says “de” from 20 on (other), not from 2 to 19 (few)', () => {
    const texts = {
      en: { messages: { unread_one: '{{count, number}} unread', unread_other: '{{count, number}} unread' } },
      ro: {
        messages: {
          unread_one: '{{count, number}} necitit',
          unread_few: '{{count, number}} necitite',
          unread_other: '{{count, number}} necitite',
        },
      },
    };
    expect(checkLocaleTexts(texts, { languages: ['en', 'ro'] })).toEqual([
      "ro/messages: unread_other uses “{{count, number}} n”; the glossary's other plural is “20 de minute, 20 de necitite”",
    ]);
    texts.ro.messages.unread_other = '{{count, number}} de necitite';
    expect(checkLocaleTexts(texts, { languages: ['en', 'ro'] })).toEqual([]);
  });

  it('accepts a text that is rightly the same as in English where the glossary says so', () => {
    const texts = {
      en: { form: { password: 'Password' } },
      it: { form: { password: 'Password' } },
      de: { form: { password: 'Password' } },
    };
    expect(checkLocaleTexts(texts, { languages: ['en', 'it', 'de'] })).toEqual([
      'de/form: password is the English text',
    ]);
  });

  it('keeps the seed’s exact messages and button names although they use a word the glossary avoids, and only those', () => {
    const texts = {
      en: {
        alexa: {
          bound: 'Bind successful',
          button: 'Bind',
          howTo: 'Tap Unbind, then confirm.',
          boundAgain: 'Could not bind it again.',
          unbound: 'To unbind it, confirm.',
        },
      },
    };
    expect(checkLocaleTexts(texts, { languages: ['en'] })).toEqual([
      "en/alexa: boundAgain uses “bind”; the glossary's link is “link (linking)”",
      "en/alexa: unbound uses “unbind”; the glossary's unlink is “unlink”",
    ]);
  });

  it('reports a locale file that cannot be parsed instead of failing on it', () => {
    const root = mkdtempSync(join(tmpdir(), 'locales-'));
    try {
      mkdirSync(join(root, 'en'));
      mkdirSync(join(root, 'de'));
      writeFileSync(join(root, 'en', 'guide.json'), '{"title": "Winter storage"}');
      writeFileSync(join(root, 'de', 'guide.json'), '{"title": "Einlagerung im Winter",}');
      const { texts, problems } = readLocaleFolder(root);
      expect(problems).toEqual([expect.stringMatching(/^de\/guide\.json: /)]);
      expect(checkLocaleTexts(texts, { languages: ['en', 'de'] })).toEqual(['de/guide: no such file']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the glossary', () => {
  it('covers every supported language', () => {
    expect(Object.keys(GLOSSARY).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
  });

  it.each(SUPPORTED_LANGUAGES)('%s: its chosen words and percent example pass its own rules', (language) => {
    const {
      percent,
      sameAsEnglish: _sameAsEnglish,
      seedTexts: _seedTexts,
      plurals: _plurals,
      other,
      ...terms
    } = GLOSSARY[language];
    const chosen = {
      ...Object.fromEntries(Object.entries({ ...terms, ...other }).map(([name, entry]) => [name, entry.use])),
      percent: percent.use,
    };
    const english = Object.fromEntries(Object.keys(chosen).map((name) => [name, 'An English text.']));
    const texts =
      language === 'en'
        ? { en: { glossary: chosen } }
        : { en: { glossary: english }, [language]: { glossary: chosen } };
    expect(checkLocaleTexts(texts, { languages: Object.keys(texts) })).toEqual([]);
  });
});
