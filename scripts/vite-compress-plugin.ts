import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What a browser downloads as text: scripts, styles and the locale files. Source maps stay out (hidden). */
const COMPRESSIBLE = /^assets\/.+\.(?:js|mjs|css|json|svg)$/;

/** Both encodings at their strongest: paid once per build, saved on every first visit. */
export async function compressFile(path: string): Promise<void> {
  const source = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every hashed asset and locale file of the build, which the server
 * sends to clients that accept them (server/http/pages.ts, docs/decisions/007-bytes-on-the-wire.md). Every
 * such file gets both, even a tiny one, so that a client's encoding never depends on a file's size.
 */
export function compress(): Plugin {
  return {
    name: 'navimow-compress',
    apply: 'build',
    async writeBundle({ dir }, bundle) {
      if (!dir) throw new Error('navimow-compress needs an output directory');
      const files = Object.keys(bundle).filter((fileName) => COMPRESSIBLE.test(fileName));
      await Promise.all(files.map((fileName) => compressFile(join(dir, fileName))));
    },
  };
}
