import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

const english = import.meta.glob<Record<string, unknown>>('../../locales/en/*.json', {
  eager: true,
  import: 'default',
});

/** i18next with every English namespace loaded up front, for component tests. */
export async function initTestI18n() {
  const resources = Object.fromEntries(
    Object.entries(english).map(([file, strings]) => [/(\w+)\.json$/.exec(file)![1]!, strings]),
  );
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: resources },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18next;
}
