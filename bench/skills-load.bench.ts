/**
 * Cold load of 1,000 generated skills into a fresh registry: median ≤ 100 ms. And what keeping the
 * switches with their skills (skills/own-switches.ts, over a real database) adds to the change a
 * first load of them reports, ten of them with saved switches: median ≤ 5 ms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { keepSwitchesWithSkills } from '../src/core/skills/own-switches.js';
import { SkillRegistry } from '../src/core/skills/registry.js';
import { openStore } from '../src/core/store/index.js';
import { median, report } from './report.js';

export function generateSkills(root: string, count: number): void {
  for (let i = 0; i < count; i++) {
    const name = `skill_${String(i).padStart(4, '0')}`;
    const dir = path.join(root, name);
    fs.mkdirSync(path.join(dir, 'scripts'), { recursive: true });
    const shape = i % 3;
    const md =
      shape === 0
        ? `# Skill ${i}\n\nDoes thing number ${i} for the owner.\n\n## Risk Level\n\n${i % 2 ? 'High' : 'Low'}\n\n## Parameters\n\n\`\`\`json\n{"type":"object","properties":{"q":{"type":"string","description":"query"},"n":{"type":"integer","minimum":1}},"required":["q"]}\n\`\`\`\n\n## Execute\n\n\`\`\`bash\necho "$SKILL_PARAM_Q"\n\`\`\`\n`
        : shape === 1
          ? `---\nname: ${name}\ndescription: Front-matter skill ${i}.\nrisk: low\ntimeout: 10\nparameters:\n  type: object\n  properties:\n    city: { type: string }\n---\n\n## Execute\n\n\`\`\`node\nconsole.log(process.env.SKILL_PARAM_CITY)\n\`\`\`\n`
          : `---\nname: ${name}\ndescription: Instructions ${i}.\nlicense: MIT\n---\n\n# How to do ${i}\n\n1. First.\n2. Second.\n`;
    fs.writeFileSync(path.join(dir, 'SKILL.md'), md);
    fs.writeFileSync(path.join(dir, 'scripts', 'helper.sh'), `echo helper ${i}\n`);
  }
}

export default async function (): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ias-bench-load-'));
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'ias-bench-load-data-'));
  try {
    generateSkills(root, 1000);
    const times: number[] = [];
    for (let run = 0; run < 15; run++) {
      const started = performance.now();
      const registry = new SkillRegistry({ userDir: root });
      registry.loadAll();
      times.push(performance.now() - started);
      if (registry.list().length !== 1000) throw new Error(`loaded ${registry.list().length} skills, not 1000`);
    }
    report({ name: 'cold load of 1,000 skills (median)', value: median(times), unit: 'ms', target: 100 });

    const store = openStore(path.join(data, 'ias.db'));
    try {
      // A few saved settings, as an owner has: own switches of ten skills among the thousand.
      for (let i = 0; i < 1000; i += 100) {
        store.skillSettings.setEnabled({ name: `skill_${String(i).padStart(4, '0')}`, source: 'user' }, false);
      }
      const registry = new SkillRegistry({ userDir: root });
      registry.loadAll();
      keepSwitchesWithSkills(registry, store.skillSettings);
      const names = registry.list().map((s) => s.name);
      const kept: number[] = [];
      for (let run = 0; run < 15; run++) {
        const started = performance.now();
        registry.emit('change', { names });
        kept.push(performance.now() - started);
      }
      const name = 'switches kept on the first load of 1,000 skills (median)';
      report({ name, value: median(kept), unit: 'ms', target: 5 });
    } finally {
      store.close();
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(data, { recursive: true, force: true });
  }
}
