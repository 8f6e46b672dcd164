import type { Language } from '../common/languages.ts';

/**
 * The product's words in each of the 22 languages, for translators and for the locale check
 * (scripts/locale-check.ts, run by `npm test` and `npm run check:locales`). docs/glossary.md explains it.
 *
 * Each entry reads: `use` the chosen word; `avoid` the variants that the check rejects; `note` why, or how to
 * use the word. An avoided variant written as text matches wherever a word begins with it, ignoring case, so
 * that one stem catches every inflected form ('fűnyíró' also catches 'fűnyírót', but not 'robotfűnyíró').
 * A /pattern/ is matched as written, for what a stem cannot say (whole words only, capitals, exceptions).
 * `percent` fixes how a number and its percent sign are spaced; `other` holds rules of one language only;
 * `sameAsEnglish` lists texts that are rightly spelled as in English.
 * The words follow the robotic-mower makers of each market (Segway Navimow, Husqvarna, Gardena).
 */

export type GlossaryEntry = {
  readonly use: string;
  readonly avoid?: readonly (string | RegExp)[];
  readonly note?: string;
  /** Texts (`namespace:key`) that must read exactly `use`: where a name stands alone, its form is required, not just allowed. */
  readonly spelledAt?: readonly string[];
};

export type PercentRule = {
  readonly use: string;
  /** What stands between a number and `%`: nothing, or a no-break space so that "85" and "%" never part. */
  readonly space: '' | '\u00a0';
  readonly note?: string;
};

export type TermName =
  | 'mower'
  | 'chargingStation'
  | 'statusLight'
  | 'app'
  | 'account'
  | 'link'
  | 'unlink'
  | 'hibernation'
  | 'assistant'
  | 'address'
  | 'numbers';

export type LanguageGlossary = Readonly<Record<TermName, GlossaryEntry>> & {
  readonly percent: PercentRule;
  readonly other?: Readonly<Record<string, GlossaryEntry>>;
  /** Rules for one plural form only (its `_other` keys, say), matched against the raw text with its placeholders. */
  readonly plurals?: Readonly<Partial<Record<'zero' | 'one' | 'two' | 'few' | 'many' | 'other', GlossaryEntry>>>;
  /** Whole texts that are rightly the same as in English, which the check would otherwise take for untranslated. */
  readonly sameAsEnglish?: readonly string[];
  /**
   * Whole texts that the seed fixes word for word (its success and error messages), kept as written although they
   * use a word the glossary avoids elsewhere: the seed's "Bind successful" against the glossary's "link".
   */
  readonly seedTexts?: readonly string[];
};

export type Glossary = Readonly<Record<Language, LanguageGlossary>>;

/** Whole words, in any case: for pronouns and short forms that are also the start of unrelated words. */
function words(...list: string[]): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${list.join('|')})(?![\\p{L}\\p{N}])`, 'iu');
}

/** Informal button labels: a text that starts with one of these singular imperatives. */
function startsWith(...list: string[]): RegExp {
  return new RegExp(`^(?:${list.join('|')})(?![\\p{L}])`, 'u');
}

const NBSP = '\u00a0';

/** Where Google's name for its assistant stands alone: the Google page's title and its entry in the smart-home list. */
const GOOGLE_NAME_AT = ['googleHome:title', 'smartHome:googleAssistant'];

export const GLOSSARY: Glossary = {
  en: {
    mower: {
      use: 'mower',
      avoid: ['lawnmower', 'lawn mower', 'robot mower', 'robotic mower'],
      note: 'The Navimow is "the mower" or "your mower".',
    },
    chargingStation: { use: 'charging station', avoid: ['base station', 'docking station', 'charging dock'] },
    statusLight: {
      use: 'ambient light',
      avoid: ['mood light', 'light strip', 'status LED'],
      note: "The light on the mower's body whose colour and blinking show its state, as Segway's manuals name it. Every translation calls it the mower's status light, never mood or surrounding lighting.",
    },
    app: { use: 'Navimow app', avoid: ['application'], note: 'Lower-case "app".' },
    account: { use: 'account (Navimow account)', avoid: ['profile'] },
    link: {
      use: 'link (linking)',
      // Lower case only: the Alexa page's buttons are the seed's Bind and Unbind, and texts name them so.
      avoid: [/(?<![\p{L}\p{N}])(?:bind|binding|bound|Binding|Bound)(?![\p{L}\p{N}])/u],
      note: "Only the seed's Bind and Unbind buttons (named as such, capitalised) and its exact messages (seedTexts) keep Bind.",
    },
    unlink: {
      use: 'unlink',
      avoid: [/(?<![\p{L}\p{N}])unbind(?![\p{L}\p{N}])/u],
      note: "Only the seed's Unbind button (named as such, capitalised) and its exact messages keep Unbind.",
    },
    hibernation: { use: 'hibernation (Begin hibernating)', avoid: ['winter mode', 'sleep mode'] },
    assistant: {
      use: 'Google Assistant',
      spelledAt: GOOGLE_NAME_AT,
      note: "Google's name for its assistant; each language uses Google's own name for it.",
    },
    address: { use: 'you', note: 'Plain and polite; "please" only where something failed.' },
    numbers: { use: '300,000.5' },
    percent: { use: '85%', space: '' },
    seedTexts: [
      'Bind successful',
      'Unbind successfully',
      'Failed to bind account. Please try again.',
      'Failed to unbind account. Please try again.',
    ],
  },
  de: {
    mower: {
      use: 'Mähroboter',
      avoid: [/(?<!\p{L})(?:rasen)?mäher(?!gebnis)/iu, 'Rasenroboter', 'Mähgerät'],
      note: 'Auch in Zusammensetzungen: Mähroboter-Einstellungen. „Mähergebnis“ ist erlaubt.',
    },
    chargingStation: {
      use: 'Ladestation',
      avoid: ['Basisstation', 'Ladebasis', 'Dockingstation'],
      note: 'in die Ladestation setzen, aus der Ladestation nehmen',
    },
    statusLight: {
      use: 'Statusleuchte',
      avoid: ['Ambientelicht', 'Ambientlicht', 'Ambientebeleuchtung', 'Umgebungslicht', 'Stimmungslicht'],
    },
    app: { use: 'Navimow-App', avoid: ['Navimow App', 'Applikation'] },
    account: { use: 'Konto (Navimow-Konto)', avoid: [words('Account', 'Accounts'), 'Benutzerkonto'] },
    link: {
      use: 'verknüpfen (Verknüpfung)',
      avoid: ['verlinken'],
      note: '„verbinden“ nur für Bluetooth und Internet.',
    },
    unlink: { use: 'Verknüpfung aufheben', avoid: ['entkoppeln', 'entknüpfen'] },
    hibernation: {
      use: 'Winterschlaf (Winterschlaf starten)',
      avoid: ['Ruhezustand', 'Winterruhe', 'Hibernation', 'Überwinterungsmodus'],
    },
    assistant: {
      use: 'Google Assistant',
      avoid: [/Google[- ]Assistent/u],
      spelledAt: GOOGLE_NAME_AT,
      note: 'So nennt Google ihn auf Deutsch.',
    },
    address: {
      use: 'Sie (Ihr, Ihnen)',
      avoid: [
        words('du', 'dich', 'dir', 'dein', 'deine', 'deinen', 'deinem', 'deiner', 'deines', 'euch', 'euer', 'eure'),
      ],
    },
    numbers: { use: '300.000,5' },
    percent: { use: `85${NBSP}%`, space: NBSP, note: 'Mit geschütztem Leerzeichen (DIN 5008).' },
    sameAsEnglish: ['System', 'Status'],
    other: {
      startAgain: {
        use: 'Beginnen Sie von vorn.',
        avoid: [/Starten Sie neu/u],
        note: '„neu starten“ klingt nach einem Neustart des Geräts.',
      },
      phone: { use: 'Smartphone', avoid: [/(?<!\p{L})telefon(?!nummer)/iu], note: '„Telefonnummer“ bleibt.' },
      store: {
        use: 'App-Store (der Store des Smartphones)',
        avoid: [/App Store/u],
        note: '„App Store“ ist Apples Name; auf Android heißt er Play Store.',
      },
    },
  },
  fr: {
    mower: {
      use: 'robot tondeuse',
      avoid: [/(?<!robots?[ -])tondeuses?/iu, 'robot-tondeuse', 'robot de tonte'],
      note: 'Masculin : le robot tondeuse est allumé, rallumez-le.',
    },
    chargingStation: {
      use: 'station de charge',
      avoid: ['station de recharge', 'base de charge', 'station d’accueil'],
    },
    statusLight: {
      use: 'voyant d’état',
      avoid: ['éclairage d’ambiance', 'lumière d’ambiance', 'lumière ambiante', 'éclairage ambiant'],
    },
    app: { use: 'application Navimow', avoid: [words('appli', 'applis', 'app')] },
    account: { use: 'compte (compte Navimow)' },
    link: { use: 'associer (association)', avoid: [words('lier', 'délier'), 'jumeler'] },
    unlink: { use: 'dissocier', avoid: ['désassocier'] },
    hibernation: {
      use: 'hibernation (Démarrer l’hibernation)',
      avoid: ['mode hiver', 'mise en veille'],
      note: 'L’hivernage est le rangement pour l’hiver (titre du guide) ; l’hibernation est le mode qui éteint le robot tondeuse.',
    },
    assistant: {
      use: 'Assistant Google',
      avoid: [/Google Assistant/u, /Assistant de Google/u],
      spelledAt: GOOGLE_NAME_AT,
      note: 'Nom de Google, avec l’article : l’Assistant Google, votre Assistant Google.',
    },
    address: { use: 'vous', avoid: [words('tu', 'toi', 'ton', 'ta', 'tes', 'te')] },
    numbers: { use: `300${NBSP}000,5` },
    percent: { use: `85${NBSP}%`, space: NBSP },
    sameAsEnglish: ['Excellent'],
    other: {
      apostrophe: {
        use: '’ (apostrophe typographique), comme dans l’application',
        avoid: [/'/u],
        note: 'Une seule apostrophe, la typographique.',
      },
      punctuation: {
        use: 'espace insécable (U+00A0) avant les deux-points, le point-virgule, les points d’exclamation et d’interrogation et le guillemet fermant, et après le guillemet ouvrant',
        avoid: [/ [:;!?»]/u, /« /u],
        note: 'Une espace ordinaire laisserait la ponctuation seule en début de ligne.',
      },
    },
  },
  nl: {
    mower: {
      use: 'robotmaaier',
      avoid: ['maaier', 'maairobot', 'grasmaaier'],
      note: 'Ook in samenstellingen: instellingen van de robotmaaier.',
    },
    chargingStation: {
      use: 'laadstation (het laadstation)',
      avoid: ['basisstation', 'oplaadstation', 'dockingstation'],
    },
    statusLight: { use: 'statuslampje', avoid: ['sfeerlicht', 'sfeerverlichting', 'omgevingslicht', 'ambientlicht'] },
    app: { use: 'Navimow-app', avoid: ['Navimow app', 'applicatie'] },
    account: { use: 'account (Navimow-account)' },
    link: { use: 'koppelen', avoid: ['linken'], note: '„verbinding maken“ alleen voor bluetooth en internet.' },
    unlink: { use: 'ontkoppelen', avoid: ['loskoppelen'] },
    hibernation: { use: 'winterslaap', avoid: ['winterstand', 'slaapstand', 'hibernatie'] },
    assistant: {
      use: 'Google Assistent',
      avoid: [/Google Assistant/u, /Google-assistent/iu],
      spelledAt: GOOGLE_NAME_AT,
      note: 'De naam die Google zelf gebruikt.',
    },
    address: { use: 'u (uw)', avoid: [words('je', 'jij', 'jou', 'jouw', 'jullie')] },
    numbers: { use: '300.000,5' },
    percent: { use: '85%', space: '' },
    sameAsEnglish: ['Smart home', 'Status', 'Hey Google, start {{name}}.'],
    other: {
      done: { use: 'Klaar', avoid: [/^Gereed$/u] },
      quotes: { use: '‘enkele aanhalingstekens’, ’ als apostrof (menu’s)', avoid: [/['"“”„]/u] },
    },
  },
  it: {
    mower: {
      use: 'robot tagliaerba',
      avoid: [/(?<!\p{L})robot(?!\s+tagliaerba)(?!\p{L})/iu, 'rasaerba', 'tosaerba'],
      note: 'Sempre per intero: il robot tagliaerba, i robot tagliaerba.',
    },
    chargingStation: { use: 'stazione di ricarica', avoid: ['base di ricarica', 'stazione di carica'] },
    statusLight: { use: 'spia di stato', avoid: ['luce ambientale', "luce d'atmosfera", 'luce ambiente'] },
    app: { use: 'app Navimow', avoid: ['applicazione'] },
    account: { use: 'account (account Navimow)' },
    link: { use: 'collegare (collegamento)', avoid: ['associare', 'abbinare'] },
    unlink: { use: 'scollegare', avoid: ['dissociare'] },
    hibernation: { use: 'ibernazione (Avvia ibernazione)', avoid: ['letargo', 'modalità inverno'] },
    assistant: {
      use: 'Assistente Google',
      avoid: [/Google Assistant/u, /Assistente di Google/u],
      spelledAt: GOOGLE_NAME_AT,
      note: "Il nome di Google, con l'articolo: l'Assistente Google.",
    },
    address: {
      use: "Lei (suo, sua); istruzioni all'infinito (Verificare che…)",
      avoid: [words('tu', 'tuo', 'tua', 'tuoi', 'tue', 'ti', 'te', 'hai', 'puoi', 'vuoi')],
      note: 'I pulsanti usano le forme brevi consuete delle interfacce italiane (Annulla, Chiudi, Invia, Riprova).',
    },
    numbers: { use: '300.000,5' },
    percent: { use: '85%', space: '' },
    sameAsEnglish: ['Password'],
    other: {
      instructions: {
        use: 'infinito (Toccare «Collega», Accedere di nuovo…)',
        avoid: [
          /(?<!\p{L})(?:Tocchi|Apra|Dica|Verifichi|Scelga|Cerchi|Acceda|Installi|Consenta|Selezioni|Riprovi|Confermi|Inserisca|Colleghi|Scolleghi|Avvii|Continui|Segua|Ricominci|Usi|Torni|Provi|Consulti|Vada|Rimuova|Si connetta)(?!\p{L})/u,
          /(?<!\p{L})(?:tocchi|apra|acceda|consenta|confermi|colleghi|cerchi|segua|ricominci|riapra|effettui|accetti|selezioni|verifichi|riprovi|rimuova|vada|consulti|si connetta)(?!\p{L})/u,
        ],
        note: "Le istruzioni usano l'infinito, non l'imperativo di cortesia (Tocchi, Apra).",
      },
      courtesyPronouns: {
        use: 'lei, suo, le in minuscolo (il suo account, inviarle)',
        avoid: [/(?<=\p{L}\s)(?:Suo|Sua|Suoi|Sue|Lei|Le|La)(?!\p{L})/u, /(?<=\p{Ll})(?:Le|La|Lo)(?!\p{L})/u],
        note: 'Forma di cortesia senza maiuscole, come nel resto delle interfacce.',
      },
    },
  },
  sv: {
    mower: { use: 'robotgräsklippare', avoid: ['klippare', 'gräsklippare', 'klipparrobot', 'gräsklipparrobot'] },
    chargingStation: { use: 'laddstation', avoid: ['basstation', 'laddningsstation', 'dockningsstation'] },
    statusLight: {
      use: 'statuslampa',
      avoid: ['ambientljus', 'stämningsbelysning', 'stämningsljus', 'omgivningsljus'],
    },
    app: { use: 'Navimow-appen', avoid: ['applikation', 'Navimow appen'] },
    account: { use: 'konto (Navimow-konto)' },
    link: { use: 'länka (länkning)', avoid: ['koppla ihop'], note: '”ansluta” bara för Bluetooth och internet.' },
    unlink: { use: 'ta bort länkningen', avoid: ['avlänka'] },
    hibernation: { use: 'vinterdvala', avoid: ['viloläge', 'vinterläge'] },
    assistant: {
      use: 'Google Assistent',
      avoid: [/Google Assistant/u, /Google-assistent/iu],
      spelledAt: GOOGLE_NAME_AT,
      note: 'Googles eget namn.',
    },
    address: {
      use: 'du',
      avoid: [words('ni', 'er', 'era', 'ert')],
      note: 'Svenska gränssnitt säger du; ni låter ålderdomligt.',
    },
    numbers: { use: `300${NBSP}000,5` },
    percent: { use: `85${NBSP}%`, space: NBSP },
    sameAsEnglish: ['System', 'Status'],
    other: {
      alexaApp: {
        use: 'Alexa-appens engelska menyer: ”More” > ”Skills & Games”',
        avoid: [/Skills och spel/u, /Mer > /u],
        note: 'Alexa-appen finns inte på svenska och visas på engelska.',
      },
    },
  },
  no: {
    mower: {
      use: 'robotgressklipper',
      avoid: ['klipperen', 'gressklipper', 'klipperrobot'],
      note: 'Verbet «klipper» er greit.',
    },
    chargingStation: { use: 'ladestasjon', avoid: ['basestasjon', 'dokkingstasjon', 'ladestativ'] },
    statusLight: { use: 'statuslampe', avoid: ['ambientlys', 'stemningslys', 'omgivelseslys'] },
    app: { use: 'Navimow-appen', avoid: ['applikasjon', 'Navimow appen'] },
    account: { use: 'konto (Navimow-kontoen)' },
    link: { use: 'koble til (Navimow-kontoen)', avoid: ['linke', 'lenke til'] },
    unlink: { use: 'koble fra', avoid: ['avlenke'] },
    hibernation: { use: 'vinterdvale', avoid: ['dvalemodus', 'vintermodus'] },
    assistant: {
      use: 'Google Assistent',
      avoid: [/Google Assistant/u, /Google-assistent/iu],
      spelledAt: GOOGLE_NAME_AT,
      note: 'Googles eget navn.',
    },
    address: { use: 'du', note: 'Norske grensesnitt sier du; De brukes ikke.' },
    numbers: { use: `300${NBSP}000,5` },
    percent: { use: `85${NBSP}%`, space: NBSP },
    sameAsEnglish: ['System', 'Status', 'Hey Google, start {{name}}.'],
    other: {
      tilted: {
        use: 'står skjevt (robotgressklipperen heller)',
        avoid: ['velt'],
        note: 'Klipperen vipper eller står skjevt; «velte» er å havne opp ned.',
      },
      alexaApp: {
        use: 'Alexa-appens engelske menyer: «More» > «Skills & Games»',
        avoid: [/Skills og spill/u, /Mer > /u],
        note: 'Alexa-appen finnes ikke på norsk og vises på engelsk.',
      },
      signIn: { use: 'logg på (logget på)', avoid: [/(?<!\p{L})logg(?:e|et|er)?\s+inn(?!\p{L})/iu] },
    },
  },
  fi: {
    mower: {
      use: 'robottiruohonleikkuri',
      avoid: ['leikkuri', 'ruohonleikkuri', 'robottileikkuri', 'leikkurirobotti'],
      note: 'Aina sama sana, myös yhdyssanoissa: robottiruohonleikkurin asetukset.',
    },
    chargingStation: { use: 'latausasema', avoid: ['telakka', 'tukiasema', 'lataustelakka'] },
    statusLight: { use: 'merkkivalo', avoid: ['tunnelmavalo', 'ympäristövalo', 'taustavalo', 'ambient'] },
    app: { use: 'Navimow-sovellus', avoid: ['Navimow sovellus', 'applikaatio', 'äppi'] },
    account: { use: 'tili (Navimow-tili)' },
    link: {
      use: 'linkittää (linkitys)',
      note: 'Bluetooth- ja verkkoyhteydestä sanotaan yhdistää, tilien linkityksestä linkittää.',
    },
    unlink: { use: 'poistaa linkitys' },
    hibernation: { use: 'horrostila', avoid: ['talviunitila', 'lepotila', 'talvitila'] },
    assistant: {
      use: 'Google Assistant',
      avoid: [/Google[- ]Avustaja/iu],
      spelledAt: GOOGLE_NAME_AT,
      note: 'Googlen oma nimi; taivutetaan: Google Assistantilla.',
    },
    address: {
      use: 'sinä (yksikön 2. persoona)',
      avoid: [words('te', 'teidän', 'teille', 'teitä', 'teidät')],
      note: 'Suomalaiset käyttöliittymät puhuttelevat yksikössä; teitittely kuulostaa jäykältä.',
    },
    numbers: { use: `300${NBSP}000,5` },
    percent: { use: `85${NBSP}%`, space: NBSP, note: 'Taivutettuna 85 %:iin.' },
  },
  da: {
    mower: { use: 'robotplæneklipper', avoid: ['klipperen', 'plæneklipper', 'klipperrobot'] },
    chargingStation: { use: 'ladestation', avoid: ['basestation', 'dockingstation', 'opladningsstation'] },
    statusLight: { use: 'statuslys', avoid: ['ambientlys', 'stemningslys', 'omgivelseslys'] },
    app: { use: 'Navimow-appen', avoid: ['applikation', 'Navimow appen'] },
    account: { use: 'konto (Navimow-konto)' },
    link: {
      use: 'tilknytte (tilknytning)',
      avoid: ['linke', 'sammenkæde'],
      note: '"oprette forbindelse" kun om Bluetooth og internet.',
    },
    unlink: { use: 'fjerne tilknytningen' },
    hibernation: { use: 'vinterdvale', avoid: ['dvaletilstand', 'vintertilstand'] },
    assistant: {
      use: 'Google Assistent',
      avoid: [/Google Assistant/u, /Google-assistent/iu],
      spelledAt: GOOGLE_NAME_AT,
      note: 'Googles eget navn.',
    },
    address: { use: 'du', note: 'Danske brugerflader siger du; De bruges ikke.' },
    numbers: { use: '300.000,5' },
    percent: { use: `85${NBSP}%`, space: NBSP },
    sameAsEnglish: ['System', 'Status', 'Smart home', 'Hey Google, start {{name}}.'],
    other: {
      tilted: {
        use: 'står skævt (robotplæneklipperen hælder)',
        avoid: ['vælt'],
        note: 'Klipperen hælder eller står skævt; »vælte« er at ende på hovedet.',
      },
      alexaApp: {
        use: 'Alexa-appens engelske menuer: »More« > »Skills & Games«',
        avoid: [/Skills og spil/u, /Mere > /u],
        note: 'Alexa-appen findes ikke på dansk og vises på engelsk.',
      },
      quotes: { use: '»citat«', avoid: [/["“”„]/u] },
      imperative: {
        use: 'bydeform uden accent: Kontroller, Accepter, Marker',
        avoid: [/(?<!\p{L})\p{L}{3,}ér(?!\p{L})/u],
        note: '„dér“ (betonet) er tilladt.',
      },
    },
  },
  pt: {
    // Google's Portuguese command for pausing is the English word ("pause", the imperative of pausar).
    sameAsEnglish: ['Hey Google, pause {{name}}.'],
    mower: {
      use: 'robô corta-relva',
      avoid: [
        /(?<!rob[ôo]s?\s)corta-relva/iu,
        /(?<!\p{L})rob[ôo](?!\s+corta-relva)(?!\p{L})/iu,
        'robot',
        'cortador de relva',
      ],
      note: 'Português europeu. Sempre por inteiro: o robô corta-relva.',
    },
    chargingStation: {
      use: 'estação de carregamento',
      avoid: ['base de carregamento', 'estação de carga', 'estação de ancoragem'],
    },
    statusLight: { use: 'luz de estado', avoid: ['luz ambiente', 'luz ambiental', 'iluminação ambiente'] },
    app: { use: 'aplicação Navimow', avoid: [words('app', 'aplicativo')] },
    account: { use: 'conta (conta Navimow)' },
    link: { use: 'associar (associação)', avoid: ['vincular'] },
    unlink: { use: 'desassociar', avoid: ['desvincular'] },
    hibernation: { use: 'hibernação (Iniciar hibernação)', avoid: ['modo de inverno', 'modo de suspensão'] },
    assistant: {
      use: 'Assistente Google',
      avoid: [/Google Assistant/u, /Assistente (?:do|de) Google/u],
      spelledAt: GOOGLE_NAME_AT,
      note: 'O nome da Google, com artigo: o Assistente Google.',
    },
    address: {
      use: '3.ª pessoa de cortesia (o seu, verifique)',
      avoid: [words('tu', 'teu', 'tua', 'teus', 'tuas', 'te', 'ti', 'você')],
    },
    numbers: { use: `300${NBSP}000,5` },
    percent: { use: '85%', space: '' },
  },
  es: {
    mower: {
      use: 'robot cortacésped',
      avoid: [/(?<!\p{L})robots?(?!\s+cortacésped)(?!\p{L})/iu, /(?<!robots?\s)cortacésped/iu, 'cortadora'],
      note: 'Siempre completo: el robot cortacésped.',
    },
    chargingStation: { use: 'estación de carga', avoid: ['base de carga', 'estación de recarga', 'estación base'] },
    statusLight: { use: 'luz de estado', avoid: ['luz ambiental', 'luz ambiente', 'iluminación ambiental'] },
    app: { use: 'aplicación Navimow', avoid: [words('app', 'aplicativo')] },
    account: { use: 'cuenta (cuenta de Navimow)' },
    link: { use: 'vincular (vinculación)', avoid: ['enlazar', 'asociar'] },
    unlink: { use: 'desvincular', avoid: ['desenlazar', 'desasociar'] },
    hibernation: { use: 'hibernación (Iniciar hibernación)', avoid: ['modo invierno', 'modo de suspensión'] },
    assistant: {
      use: 'Asistente de Google',
      avoid: [/Google Assistant/u, /Asistente Google/u],
      spelledAt: GOOGLE_NAME_AT,
      note: 'El nombre de Google, con artículo: el Asistente de Google.',
    },
    address: { use: 'usted (su, compruebe)', avoid: [words('tú', 'tu', 'tus', 'te', 'ti', 'contigo')] },
    numbers: { use: '300.000,5' },
    percent: { use: `85${NBSP}%`, space: NBSP, note: 'Con espacio de no separación (Ortografía de la RAE).' },
    other: {
      done: { use: 'Listo', avoid: [/^Hecho$/u] },
    },
  },
  cs: {
    mower: {
      use: 'robotická sekačka (v běžném textu sekačka)',
      avoid: ['sekací robot', 'robotický sekač', 'travní robot'],
    },
    chargingStation: { use: 'nabíjecí stanice', avoid: ['dokovací stanic', 'nabíjecí základn'] },
    statusLight: { use: 'stavová kontrolka', avoid: ['ambientní', 'okolní osvětlení', 'náladové osvětlení'] },
    app: { use: 'aplikace Navimow', avoid: [words('appka', 'appky', 'appku', 'apka', 'apky', 'apku', 'apce')] },
    account: { use: 'účet (účet Navimow)' },
    link: { use: 'propojit (propojení)', avoid: ['spárovat'], note: '„připojit“ jen pro Bluetooth a internet.' },
    unlink: { use: 'zrušit propojení' },
    hibernation: { use: 'hibernace', avoid: ['zimní režim', 'režim spánku'] },
    assistant: {
      use: 'Asistent Google',
      avoid: [/Google Assistant/u, /Google Asistent/u],
      spelledAt: GOOGLE_NAME_AT,
      note: 'Název od Googlu, skloňuje se: s Asistentem Google.',
    },
    address: {
      use: 'vy (vykání, malým písmenem)',
      avoid: [
        words(
          'tvůj',
          'tvoje',
          'tvá',
          'tvé',
          'tvého',
          'tvému',
          'tvém',
          'tvým',
          'tvou',
          'tvých',
          'tvými',
          'tebe',
          'tobě',
          'tebou',
        ),
      ],
    },
    numbers: { use: `300${NBSP}000,5` },
    percent: {
      use: `85${NBSP}%`,
      space: NBSP,
      note: '„85 %“ jako podstatné jméno; „85%“ jen ve významu „pětaosmdesátiprocentní“.',
    },
    other: {
      mowing: { use: 'sečení', avoid: ['sekání'] },
    },
  },
  sk: {
    mower: { use: 'robotická kosačka (v bežnom texte kosačka)', avoid: ['kosiaci robot', 'sekačk'] },
    chargingStation: { use: 'nabíjacia stanica', avoid: ['dokovacia stanic', 'nabíjacia základň'] },
    statusLight: { use: 'stavová kontrolka', avoid: ['ambientné', 'okolité osvetlenie'] },
    app: { use: 'aplikácia Navimow', avoid: [words('appka', 'appky', 'appku', 'apka', 'apky', 'apku')] },
    account: { use: 'účet (účet Navimow)' },
    link: { use: 'prepojiť (prepojenie)', avoid: ['spárovať'], note: '„pripojiť“ len pre Bluetooth a internet.' },
    unlink: { use: 'zrušiť prepojenie' },
    hibernation: { use: 'hibernácia', avoid: ['zimný režim', 'režim spánku'] },
    assistant: {
      use: 'Asistent Google',
      avoid: [/Google Assistant/u, /Google Asistent/u],
      spelledAt: GOOGLE_NAME_AT,
      note: 'Názov od Googlu, skloňuje sa: s Asistentom Google.',
    },
    address: {
      use: 'vy (vykanie, malým písmenom)',
      avoid: [
        words(
          'tvoj',
          'tvoja',
          'tvoje',
          'tvojho',
          'tvojom',
          'tvojej',
          'tvojim',
          'tvojou',
          'tvojich',
          'teba',
          'tebe',
          'tebou',
        ),
      ],
    },
    numbers: { use: `300${NBSP}000,5` },
    percent: { use: `85${NBSP}%`, space: NBSP },
  },
  pl: {
    mower: {
      use: 'kosiarka (kosiarka automatyczna)',
      avoid: ['robot kosząc', 'robota kosząc', 'kosiarka-robot', 'robot do koszenia'],
    },
    chargingStation: {
      use: 'stacja ładująca',
      avoid: [/stacj\p{L}*\s+dokując/iu, /baz\p{L}*\s+ładując/iu, 'stacja ładowania'],
    },
    statusLight: { use: 'kontrolka stanu', avoid: ['ambient', 'nastrojow', 'oświetlenie otoczenia'] },
    app: { use: 'aplikacja Navimow', avoid: [words('apka', 'apki', 'apce', 'apkę', 'appka')] },
    account: { use: 'konto (konto Navimow)' },
    link: { use: 'połączyć (połączenie konta)', avoid: ['powiązać', 'sparować'] },
    unlink: { use: 'rozłączyć' },
    hibernation: { use: 'hibernacja', avoid: ['tryb zimowy', 'tryb uśpienia'] },
    assistant: {
      use: 'Asystent Google',
      avoid: [/Google Assistant/u, /Google Asystent/u],
      spelledAt: GOOGLE_NAME_AT,
      note: 'Nazwa Google, odmieniana: z Asystentem Google.',
    },
    address: {
      use: 'Ty, pisane wielką literą (Twój, Twoja, Ci)',
      avoid: [/(?<!\p{L})(?:twój|twoj\p{L}*|twoi\p{L}*|ciebie|tobie)(?!\p{L})/u],
      note: 'Formy Pan/Pani wymagałyby znajomości płci użytkownika; wielka litera w „Ty” i „Twój” jest formą grzecznościową.',
    },
    numbers: { use: `300${NBSP}000,5` },
    percent: { use: '85%', space: '' },
    other: {
      tap: {
        use: 'stuknij (stuknąć)',
        avoid: [/(?<!\p{L})klikn\p{L}*/iu],
        note: 'Ekran dotykowy: stuknij, nie kliknij.',
      },
    },
  },
  et: {
    mower: { use: 'robotniiduk', avoid: ['niiduk', 'niidurobot', 'muruniiduk'] },
    chargingStation: { use: 'laadimisjaam', avoid: [words('dokk', 'dokki'), 'laadimisalus', 'baasjaam'] },
    statusLight: { use: 'olekutuli', avoid: ['ambientvalgus', 'ümbritsev valgus', 'meeleoluvalgus', 'ambient'] },
    app: { use: 'Navimow-rakendus', avoid: ['äpp', 'aplikatsioon', "Navimow' rakendus"] },
    account: { use: 'konto (Navimow-konto)' },
    link: { use: 'siduma (sidumine)', avoid: ['linki'], note: '„ühendama“ ainult Bluetoothi ja interneti kohta.' },
    unlink: { use: 'sidumise tühistamine' },
    hibernation: { use: 'talveuni', avoid: ['talverežiim', 'unerežiim', 'hibernatsioon'] },
    assistant: {
      use: 'Google Assistant',
      avoid: [/Google[- ]Assistent/u],
      spelledAt: GOOGLE_NAME_AT,
      note: 'Google’i nimi, käänatakse: Google Assistanti abil.',
    },
    address: {
      use: 'teie (ka nuppudel: Proovige uuesti, Tühistage)',
      avoid: [
        words('sina', 'sa', 'sinu', 'sul', 'sind', 'sulle', 'sinult'),
        startsWith(
          'Proovi',
          'Nõustu',
          'Logi',
          'Sulge',
          'Tühista',
          'Saada',
          'Ava',
          'Käivita',
          'Kontrolli',
          'Luba',
          'Rakenda',
          'Tühjenda',
        ),
      ],
    },
    numbers: { use: `300${NBSP}000,5` },
    percent: { use: '85%', space: '' },
    other: {
      voiceControl: { use: 'hääljuhtimine', avoid: ['häälejuhtim'] },
    },
  },
  lt: {
    mower: { use: 'vejapjovė (robotinė vejapjovė)', avoid: ['žoliapjovė', 'vejos robot', 'robotas vejapjov'] },
    chargingStation: { use: 'įkrovimo stotelė', avoid: [/įkrovimo\s+stot(?!el)/iu, 'bazinė stot', 'doko stot'] },
    statusLight: {
      use: 'būsenos lemputė',
      avoid: ['aplinkos apšviet', 'foninis apšviet', 'nuotaikos apšviet', 'ambient'],
    },
    app: { use: '„Navimow“ programėlė', avoid: ['aplikacij'] },
    account: { use: 'paskyra („Navimow“ paskyra)', avoid: ['sąskait'] },
    link: { use: 'susieti (susiejimas)', avoid: ['sujungti paskyr'] },
    unlink: { use: 'atsieti' },
    hibernation: { use: 'žiemos miegas (žiemos miego režimas)', avoid: ['hibernacij', 'žiemos režim'] },
    assistant: {
      use: 'Google Padėjėjas',
      avoid: [/Google Assistant/u],
      spelledAt: GOOGLE_NAME_AT,
      note: 'Google pavadinimas, linksniuojamas: su „Google Padėjėju“.',
    },
    address: {
      use: 'jūs (mažąja raide)',
      avoid: [words('tu', 'tavo', 'tau', 'tave', 'tavimi'), /(?<!^|[.!?]\s)Jū(?:s|sų|ms|mis)(?!\p{L})/u],
    },
    numbers: { use: `300${NBSP}000,5` },
    percent: { use: `85${NBSP}%`, space: NBSP },
    other: {
      tap: { use: 'palieskite', avoid: ['bakstel'] },
      nothingLinked: {
        use: 'Nieko nesusieta.',
        avoid: [/Niekas nesusiet/u],
        note: 'Neiginys valdo kilmininką: nieko.',
      },
    },
  },
  lv: {
    mower: { use: 'pļāvējs (robotizētais zāles pļāvējs)', avoid: ['pļaujmašīn', 'robotpļāvēj', 'zāliena robot'] },
    chargingStation: { use: 'uzlādes stacija', avoid: ['bāzes stacij', 'dokstacij', 'lādēšanas stacij'] },
    statusLight: {
      use: 'statusa indikators',
      avoid: [/apkārtēj\p{L}*\s+apgaismojum/iu, 'fona apgaismojum', 'ambient'],
    },
    app: { use: 'Navimow lietotne', avoid: ['aplikācij'] },
    account: { use: 'konts (Navimow konts)' },
    link: { use: 'saistīt (saistīšana)', note: '“savienot” tikai par Bluetooth un interneta savienojumu.' },
    unlink: { use: 'atsaistīt' },
    hibernation: { use: 'hibernācija', avoid: ['ziemas režīm', 'miega režīm'] },
    assistant: {
      use: 'Google asistents',
      avoid: [/Google Assistant/u],
      spelledAt: GOOGLE_NAME_AT,
      note: 'Google nosaukums, locāms: ar Google asistentu.',
    },
    address: {
      use: 'jūs (ar mazo burtu)',
      avoid: [words('tu', 'tev', 'tevi', 'tavs', 'tava', 'tavu', 'tavā', 'tavam', 'tavas', 'tavi')],
    },
    numbers: { use: `300${NBSP}000,5` },
    percent: { use: '85%', space: '' },
    other: {
      neutral: {
        use: 'Jūsu sesija ir beigusies',
        avoid: [/(?<!\p{L})esat\s+\p{L}+(?:ies|jies)(?!\p{L})/u],
        note: 'Bez vīriešu dzimtes divdabja par lietotāju (“esat izrakstījies”).',
      },
    },
  },
  bg: {
    mower: { use: 'косачка (роботизирана косачка)', avoid: ['робот-косачк', 'косачка-робот'] },
    chargingStation: {
      use: 'зарядна станция',
      avoid: ['базова станц', 'докинг станц', 'док станц', 'зареждаща станц'],
    },
    statusLight: {
      use: 'светлинен индикатор за състоянието',
      avoid: ['амбиент', 'околно осветлен', 'декоративна светлин'],
    },
    app: { use: 'приложението Navimow', avoid: ['апликаци', words('апп')] },
    account: { use: 'профил (профил в Navimow)', avoid: ['акаунт'] },
    link: { use: 'свързване (свържете)', avoid: ['обвързване', 'сдвояване'] },
    unlink: { use: 'прекратяване на връзката', avoid: ['развързване'] },
    hibernation: { use: 'хибернация', avoid: ['зимен режим', 'режим на заспиване'] },
    assistant: {
      use: 'Google Асистент',
      avoid: [/Google Assistant/u, /Гугъл/u],
      spelledAt: GOOGLE_NAME_AT,
      note: 'Името, което Google използва.',
    },
    address: {
      use: 'Вие, с главна буква (Ви, Вас, Ваш)',
      avoid: [/(?<!\p{L})(?:вие|ви|вас|ваш\p{L}*)(?!\p{L})/u],
      note: 'Учтивата форма с главна буква навсякъде, включително „косачката Ви“.',
    },
    numbers: { use: `300${NBSP}000,5` },
    percent: { use: '85%', space: '' },
  },
  hu: {
    mower: { use: 'robotfűnyíró', avoid: ['fűnyíró', 'fűnyírórobot', 'robot fűnyíró'] },
    chargingStation: { use: 'töltőállomás', avoid: ['dokkoló', 'bázisállomás', 'töltőbázis'] },
    statusLight: {
      use: 'állapotjelző fény',
      avoid: ['hangulatvilágítás', 'hangulatfény', 'környezeti fény', 'ambient'],
    },
    app: { use: 'Navimow-alkalmazás', avoid: ['Navimow alkalmazás', 'applikáció', words('app')] },
    account: { use: 'fiók (Navimow-fiók)' },
    link: {
      use: 'összekapcsolás (összekapcsolja)',
      avoid: ['párosítás', 'csatolás'],
      note: 'A „csatlakozás” csak Bluetooth- és internetkapcsolatra.',
    },
    unlink: { use: 'összekapcsolás megszüntetése', avoid: ['leválasztás'] },
    hibernation: { use: 'hibernálás', avoid: ['téli mód', 'alvó mód'] },
    assistant: {
      use: 'Google Segéd',
      avoid: [/Google Assistant/u, /Google Asszisztens/iu],
      spelledAt: GOOGLE_NAME_AT,
      note: 'A Google saját neve, ragozva: a Google Segéddel.',
    },
    address: { use: 'Ön (magázás)', avoid: [words('te', 'téged', 'neked', 'veled', 'tiéd', 'tőled', 'hozzád')] },
    numbers: { use: `300${NBSP}000,5` },
    percent: { use: '85%', space: '', note: 'Toldalékkal: 85%-ra, 85%-os.' },
    other: {
      navimowCompounds: {
        use: 'Navimow-fiók, Navimow-csapat, Navimow-szerver, Navimow-ügyfélszolgálat, Alexa-hangutasítások, Google Home-alkalmazás',
        avoid: [
          /Navimow (?:fiók|csapat|szerver|eszköz|ügyfélszolgálat)/u,
          /(?:Alexa|Google Home) (?:alkalmaz|hangutasít)/u,
        ],
        note: 'Tulajdonnév és köznév összetétele kötőjellel.',
      },
    },
  },
  hr: {
    mower: {
      use: 'kosilica (robotska kosilica)',
      avoid: ['robot kosilic', 'kosilica robot', 'robot-kosilic', 'kosačic'],
    },
    chargingStation: {
      use: 'stanica za punjenje',
      avoid: ['punionic', 'baza za punjenje', 'bazna stanic', 'priključna stanic'],
    },
    statusLight: { use: 'svjetlosni indikator stanja', avoid: ['ambijentaln', 'ambientaln'] },
    app: { use: 'aplikacija Navimow', avoid: ['Navimow aplikacij', words('app')] },
    account: { use: 'račun (račun Navimow)', avoid: ['Navimow račun'] },
    link: { use: 'povezati (povezivanje)', avoid: ['upariti', 'spojiti račun'] },
    unlink: { use: 'prekinuti povezivanje' },
    hibernation: { use: 'hibernacija', avoid: ['zimski način', 'stanje mirovanja'] },
    assistant: {
      use: 'Google asistent',
      avoid: [/Google Assistant/u],
      spelledAt: GOOGLE_NAME_AT,
      note: 'Googleov naziv, sklanja se: s Google asistentom.',
    },
    address: {
      use: 'vi, malim slovom (i na gumbima: Pokušajte ponovno)',
      avoid: [
        words('ti', 'tvoj', 'tvoja', 'tvoje', 'tvojeg', 'tvojem', 'tvoju', 'tvojim', 'tvojih', 'tebe', 'tebi'),
        startsWith(
          'Pokušaj',
          'Prihvati',
          'Prijavi',
          'Odustani',
          'Pošalji',
          'Zatvori',
          'Otvori',
          'Provjeri',
          'Primijeni',
          'Očisti',
        ),
        /(?<!^|[.!?]\s)V(?:aš\p{L}*|am|as|ama)(?!\p{L})/u,
      ],
    },
    numbers: { use: '300.000,5' },
    percent: { use: `85${NBSP}%`, space: NBSP },
    other: {
      stepLabel: { use: '2. korak', avoid: [/Korak (?:\{\{\}\}|\d)/u] },
    },
  },
  ro: {
    mower: {
      use: 'robot de tuns iarba',
      avoid: [
        /(?<!\p{L})robot(?:ul|ului)?(?!\p{L})(?!\s+(?:dvs\.\s+)?de\s+tuns\s+iarba)/iu,
        /mașin\p{L}*\s+de\s+tuns/iu,
      ],
      note: 'Întotdeauna complet: robotul dvs. de tuns iarba.',
    },
    chargingStation: {
      use: 'stație de încărcare',
      avoid: ['bază de încărcare', 'stație de andocare', 'stație de bază'],
    },
    statusLight: { use: 'indicatorul luminos de stare', avoid: ['ambiental'] },
    app: { use: 'aplicația Navimow', avoid: [words('app')] },
    account: { use: 'cont (contul Navimow)' },
    link: {
      use: 'asociere (asociați)',
      avoid: ['împerechere'],
      note: '„conectare” doar pentru Bluetooth și internet.',
    },
    unlink: { use: 'anularea asocierii' },
    hibernation: { use: 'hibernare', avoid: ['mod de iarnă', 'modul de iarnă', 'hibernație'] },
    assistant: {
      use: 'Asistentul Google',
      avoid: [/Google Assistant/u],
      spelledAt: GOOGLE_NAME_AT,
      note: 'Numele folosit de Google.',
    },
    address: { use: 'dumneavoastră (dvs.)', avoid: [words('tu', 'tău', 'ta', 'tale', 'tine', 'te', 'îți', 'ți')] },
    numbers: { use: '300.000,5' },
    percent: { use: `85${NBSP}%`, space: NBSP },
    plurals: {
      other: {
        use: '20 de minute, 20 de necitite',
        avoid: [/\{\{count[^}]*\}\}\s+(?!de\s)\p{L}/u],
        note: 'De la 20 în sus numărul cere „de” (forma other); 2–19 fără (forma few).',
      },
    },
    other: {
      neutral: {
        use: 'Deschideți manual…',
        avoid: [/(?<!\p{L})\p{L}+ți\s+singur(?!\p{L})/u],
        note: 'Fără adjective la masculin despre utilizator.',
      },
    },
  },
  sl: {
    mower: { use: 'kosilnica (robotska kosilnica)', avoid: ['kosilni robot', 'robotski kosilnik', 'kosilnik'] },
    chargingStation: { use: 'polnilna postaja', avoid: ['bazna postaj', 'priklopna postaj', 'polnilna baz'] },
    statusLight: { use: 'svetlobni indikator stanja', avoid: ['ambientaln', 'ambientn'] },
    app: { use: 'aplikacija Navimow', avoid: ['Navimow aplikacij', words('app')] },
    account: { use: 'račun (račun Navimow)', avoid: ['Navimow račun'] },
    link: { use: 'povezati (povezovanje)', avoid: ['seznaniti', 'združiti račun'] },
    unlink: { use: 'prekiniti povezavo' },
    hibernation: { use: 'hibernacija', avoid: ['zimski način', 'stanje mirovanja'] },
    assistant: {
      use: 'Google Pomočnik',
      avoid: [/Google Assistant/u, /Google Asistent/iu],
      spelledAt: GOOGLE_NAME_AT,
      note: 'Googlovo ime, sklanja se: z Google Pomočnikom.',
    },
    address: {
      use: 'vi (vikanje, tudi na gumbih: Poskusite znova)',
      avoid: [
        words('ti', 'tvoj', 'tvoja', 'tvoje', 'tvojega', 'tvojem', 'tvojo', 'tvojim', 'tebe', 'tebi'),
        startsWith(
          'Poskusi',
          'Sprejmi',
          'Prijavi',
          'Prekliči',
          'Pošlji',
          'Zapri',
          'Odpri',
          'Preveri',
          'Uporabi',
          'Počisti',
        ),
      ],
    },
    numbers: { use: '300.000,5' },
    percent: { use: `85${NBSP}%`, space: NBSP },
    other: {
      stepLabel: { use: '2. korak', avoid: [/Korak (?:\{\{\}\}|\d)/u] },
    },
  },
};
