/** A skill whose call runs until the test lets it end: a turn held in its tool call. */
import fs from 'node:fs';
import path from 'node:path';
import { onCleanup, scriptSkill, writeSkill } from './temp.js';

const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

/**
 * Writes the low-risk skill `slow_report` into `skillsDir`: it runs until `finish` (at the latest
 * after the test), then prints `report-ready`. `running` resolves once a call of it runs.
 */
export function heldCallSkill(skillsDir: string, home: string): { running(): Promise<void>; finish(): void } {
  const started = path.join(home, 'slow_report.started');
  const go = path.join(home, 'slow_report.go');
  writeSkill(
    skillsDir,
    'slow_report',
    scriptSkill({
      description: 'Takes as long as it takes.',
      script: `touch '${started}'\nwhile [ ! -f '${go}' ]; do sleep 0.05; done\necho report-ready`,
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
