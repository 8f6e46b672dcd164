import { fileURLToPath } from 'node:url';
import { checkLocales } from './locale-check.ts';

const problems = checkLocales(fileURLToPath(new URL('../locales', import.meta.url)));
for (const problem of problems) console.log(problem);
console.log(problems.length ? `${problems.length} problems` : 'locales complete');
process.exitCode = problems.length ? 1 : 0;
