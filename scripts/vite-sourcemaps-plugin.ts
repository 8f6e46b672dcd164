import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Moves the build's source maps out of the served folder into `dist/sourcemaps/`: they exist for error reports
 * (uploaded to the error-reporting service by whoever deploys with a DSN), never for the public, who would read
 * the unminified source in them. The server refuses `.map` requests as well (server/http/pages.ts).
 */
export function sourcemapsOutOfWebRoot(): Plugin {
  let assets = '';
  let target = '';
  return {
    name: 'navimow-sourcemaps-out-of-web-root',
    apply: 'build',
    configResolved(config) {
      assets = join(config.root, config.build.outDir, config.build.assetsDir);
      target = join(config.root, 'dist/sourcemaps');
    },
    async buildStart() {
      await rm(target, { recursive: true, force: true });
    },
    async closeBundle() {
      await mkdir(target, { recursive: true });
      const maps = (await readdir(assets)).filter((file) => file.endsWith('.map'));
      await Promise.all(maps.map((file) => rename(join(assets, file), join(target, file))));
    },
  };
}
