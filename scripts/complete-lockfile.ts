// Run after `npm install` changes the lock: `npm run lock:complete`.
// The npm registry this project installs from holds only the Linux builds of unrs-resolver (a dependency of
// eslint-plugin-import-x), so npm writes no lock entries for the others and `npm ci` then refuses the lock.
// Entries restricted to their platform are skipped by npm ci elsewhere; on those platforms npm fetches them.
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(readFileSync(file, 'utf8')) as {
  packages: Record<string, { optionalDependencies?: Record<string, string> } & Record<string, unknown>>;
};
const platforms: Record<string, { os?: string[]; cpu: string[]; libc?: string[] }> = {
  'android-arm-eabi': { os: ['android'], cpu: ['arm'] },
  'android-arm64': { os: ['android'], cpu: ['arm64'] },
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'freebsd-x64': { os: ['freebsd'], cpu: ['x64'] },
  'linux-arm-gnueabihf': { os: ['linux'], cpu: ['arm'], libc: ['glibc'] },
  'linux-arm-musleabihf': { os: ['linux'], cpu: ['arm'], libc: ['musl'] },
  'linux-loong64-gnu': { os: ['linux'], cpu: ['loong64'], libc: ['glibc'] },
  'linux-loong64-musl': { os: ['linux'], cpu: ['loong64'], libc: ['musl'] },
  'linux-ppc64-gnu': { os: ['linux'], cpu: ['ppc64'], libc: ['glibc'] },
  'linux-riscv64-gnu': { os: ['linux'], cpu: ['riscv64'], libc: ['glibc'] },
  'linux-riscv64-musl': { os: ['linux'], cpu: ['riscv64'], libc: ['musl'] },
  'linux-s390x-gnu': { os: ['linux'], cpu: ['s390x'], libc: ['glibc'] },
  'openharmony-arm64': { os: ['openharmony'], cpu: ['arm64'] },
  'wasm32-wasi': { cpu: ['wasm32'] },
  'win32-arm64-msvc': { os: ['win32'], cpu: ['arm64'] },
  'win32-ia32-msvc': { os: ['win32'], cpu: ['ia32'] },
  'win32-x64-msvc': { os: ['win32'], cpu: ['x64'] },
};
const optional = lock.packages['node_modules/unrs-resolver']?.optionalDependencies ?? {};
for (const [name, version] of Object.entries(optional)) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  const platform = platforms[name.replace('@unrs/resolver-binding-', '')];
  if (!platform) throw new Error(`unknown platform of ${name}`);
  lock.packages[key] = { version, ...platform, dev: true, license: 'MIT', optional: true };
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
