/** Hot reload: a SKILL.md written → the registry updated, p95 ≤ 300 ms (real chokidar). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SkillRegistry } from '../src/core/skills/registry.js';
import { SkillWatcher } from '../src/core/skills/watcher.js';
import { generateSkills } from './skills-load.bench.js';
import { percentile, report } from './report.js';

export default async function (): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ias-bench-reload-'));
  const registry = new SkillRegistry({ userDir: root });
  const watcher = new SkillWatcher(registry);
  try {
    generateSkills(root, 200);
    registry.loadAll();
    await watcher.start();
    const times: number[] = [];
    for (let i = 0; i < 60; i++) {
      const name = `skill_${String(i % 200).padStart(4, '0')}`;
      const description = `Edited description ${i}.`;
      const md = `# Edited\n\n${description}\n\n## Risk Level\n\nLow\n\n## Execute\n\n\`\`\`bash\necho ${i}\n\`\`\`\n`;
      const changed = new Promise<number>((resolve) => {
        const onChange = () => {
          if (registry.get(name)?.description === description) {
            registry.off('change', onChange);
            resolve(performance.now());
          }
        };
        registry.on('change', onChange);
      });
      const started = performance.now();
      fs.writeFileSync(path.join(root, name, 'SKILL.md'), md);
      times.push((await changed) - started);
      await new Promise((r) => setTimeout(r, 20));
    }
    report({
      name: 'hot reload, write → registry updated (p95)',
      value: percentile(times, 95),
      unit: 'ms',
      target: 300,
    });
  } finally {
    await watcher.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
