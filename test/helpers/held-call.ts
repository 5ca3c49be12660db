/** A skill whose call runs until the test lets it end: a turn held in its tool call. */
import fs from 'node:fs';
import path from 'node:path';
import { onCleanup, scriptSkill, writeSkill } from './temp.js';

const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

/**
 * Writes the low-risk skill `slow_report` into `skillsDir`: it runs until `finish` (at the latest
 * after the test, or once `home` is removed; 2 minutes at most), then prints `report-ready`.
 * `running` resolves once a call of it runs.
 */
export function heldCallSkill(skillsDir: string, home: string): { running(): Promise<void>; finish(): void } {
  const started = path.join(home, 'slow_report.started');
  const go = path.join(home, 'slow_report.go');
  writeSkill(
    skillsDir,
    'slow_report',
    scriptSkill({
      description: 'Takes as long as it takes.',
      // It ends too once its folder is gone (removed right after `finish`, before it looked again,
      // or a test that never got there), or after 2 minutes: never left looping behind the tests.
      script: [
        `touch '${started}'`,
        `for i in $(seq 2400); do [ -f '${go}' ] && break; [ -d '${home}' ] || exit 1; sleep 0.05; done`,
        'echo report-ready',
      ].join('\n'),
    }),
  );
  const finish = () => fs.writeFileSync(go, '');
  onCleanup(finish);
  return {
    async running() {
      while (!fs.existsSync(started)) await pause();
    },
    finish,
  };
}
