/**
 * `npm test`: every suite in order, stopping at the first that fails, with each stage's time printed
 * as it ends and all of them again at the end, so a slow stage shows in CI's log without a stopwatch.
 */
import { spawnSync } from 'node:child_process';

const stages: readonly (readonly [name: string, script: string])[] = [
  ['check (types, lint, boundaries, unused code)', 'check'],
  ['i18n', 'i18n:check'],
  ['products', 'products:check'],
  ['unit and server', 'test:unit'],
  ['build', 'build'],
  ['storybook', 'storybook:build'],
  ['end to end', 'test:e2e'],
];

const minutes = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};
const timings: string[] = [];
const started = Date.now();
let failed: string | undefined;

for (const [name, script] of stages) {
  const stageStarted = Date.now();
  const run = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  const line = `${minutes(Date.now() - stageStarted).padStart(6)}  ${name} (npm run ${script})`;
  timings.push(line);
  console.log(`\n[stage] ${line}${run.status === 0 ? '' : ' FAILED'}\n`);
  if (run.status !== 0) {
    failed = name;
    break;
  }
}

console.log(`\nStage times:\n${timings.join('\n')}\n${minutes(Date.now() - started).padStart(6)}  in all`);
if (failed) {
  console.error(`npm test failed at: ${failed}`);
  process.exit(1);
}
