/**
 * Executor overhead: a trivial script skill through the executor vs. the same script started
 * with a bare child_process.spawn. Median ratio ≤ 1.3.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { executeSkill } from '../src/core/skills/executor.js';
import { loadSkillFolder } from '../src/core/skills/load.js';
import { median, report } from './report.js';

const SCRIPT = 'echo hello';

function bareSpawn(file: string, cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [file], { cwd });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.on('error', reject);
    child.on('close', () => resolve(out));
    child.stdin.on('error', () => {});
    child.stdin.end('{}');
  });
}

export default async function (): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ias-bench-exec-'));
  try {
    const dir = path.join(root, 'trivial');
    fs.mkdirSync(dir);
    fs.writeFileSync(
      path.join(dir, 'SKILL.md'),
      `# Trivial\n\nSays hello.\n\n## Risk Level\n\nLow\n\n## Execute\n\n\`\`\`bash\n${SCRIPT}\n\`\`\`\n`,
    );
    const skill = loadSkillFolder(root, 'trivial', 'user')!.skill!;
    const cache = path.join(root, 'cache');
    const file = path.join(root, 'bare.sh');
    fs.writeFileSync(file, SCRIPT);
    const viaExecutor: number[] = [];
    const viaSpawn: number[] = [];
    for (let i = 0; i < 20; i++) {
      await executeSkill(skill, {}, { scriptCacheDir: cache });
      await bareSpawn(file, dir);
    }
    // Interleaved so that machine noise hits both sides alike.
    for (let i = 0; i < 200; i++) {
      let t = performance.now();
      const result = await executeSkill(skill, {}, { scriptCacheDir: cache });
      viaExecutor.push(performance.now() - t);
      if (result.data !== 'hello') throw new Error(`unexpected result ${JSON.stringify(result)}`);
      t = performance.now();
      await bareSpawn(file, dir);
      viaSpawn.push(performance.now() - t);
    }
    console.log(
      `  executor median ${median(viaExecutor).toFixed(2)} ms, bare spawn median ${median(viaSpawn).toFixed(2)} ms`,
    );
    report({
      name: 'executor overhead (median ratio)',
      value: median(viaExecutor) / median(viaSpawn),
      unit: '×',
      target: 1.3,
    });
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
