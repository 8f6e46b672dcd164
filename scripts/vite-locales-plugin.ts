import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Serves the locale files as plain JSON under `/assets/locales-<version>/<lang>/<namespace>.json`, where the version is
 * a hash of all of them: the page fetches only its language's namespaces, the files can be cached for good,
 * and the bundle holds no per-file map that would grow with every language and namespace
 * (docs/decisions/003-first-load-budget.md).
 */
export function locales({ root = 'locales', emit = true }: { root?: string; emit?: boolean } = {}): Plugin {
  const files = readdirSync(root)
    .flatMap((language) => readdirSync(join(root, language)).map((file) => ({ language, file })))
    .filter(({ file }) => file.endsWith('.json'))
    .sort((a, b) => `${a.language}/${a.file}`.localeCompare(`${b.language}/${b.file}`));
  const read = (language: string, file: string) => readFileSync(join(root, language, file), 'utf8');
  const hash = createHash('sha256');
  for (const { language, file } of files) hash.update(`${language}/${file}\n${read(language, file)}`);
  const base = `/assets/locales-${hash.digest('hex').slice(0, 12)}`;

  return {
    name: 'navimow-locales',
    config: () => ({ define: { 'import.meta.env.VITE_LOCALES_BASE': JSON.stringify(base) } }),
    configureServer(server) {
      server.middlewares.use(base, (request, response, next) => {
        const match = /^\/(\w+)\/(\w+)\.json$/.exec(request.url ?? '');
        if (!match) return next();
        try {
          response.setHeader('Content-Type', 'application/json');
          response.end(read(match[1]!, `${match[2]}.json`));
        } catch {
          next();
        }
      });
    },
    generateBundle() {
      if (!emit) return;
      for (const { language, file } of files) {
        this.emitFile({
          type: 'asset',
          fileName: `${base.slice(1)}/${language}/${file}`,
          source: JSON.stringify(JSON.parse(read(language, file))),
        });
      }
    },
  };
}
