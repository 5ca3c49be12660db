/**
 * `ias skills enable` / `disable`: the skills manager's switch from the command line, in the
 * owner's language; switching on never reviews a skill nor lowers the risk it runs at.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ias } from '../helpers/cli.js';
import { scriptSkill, tempDir, writeSkill } from '../helpers/temp.js';

const CHINESE = { LANG: 'zh_CN.UTF-8' };

function home() {
  const dir = tempDir('ias-home-');
  const system = path.join(dir, 'system');
  fs.mkdirSync(system);
  writeSkill(
    system,
    'mailer',
    `---
description: Sends mail.
risk: high
config:
  - name: SMTP_HOST
    description: the mail server
    required: true
---

## Execute

\`\`\`bash
echo "$SMTP_HOST"
\`\`\`
`,
  );
  writeSkill(path.join(dir, 'skills'), 'greeter', scriptSkill({ risk: 'Low', script: 'echo hi' }));
  return { dir, args: ['--home', dir, '--system-skills', system] };
}

type Listed = { name: string; enabled: boolean; effectiveRisk: string; reviewed: boolean };
const listed = (args: string[], name: string) =>
  (JSON.parse(ias(['skills', 'list', '--json', ...args]).stdout) as Listed[]).find((s) => s.name === name)!;

describe('ias skills enable / disable', () => {
  it('switches a skill as the skills manager does, and skills config says how to switch one on', () => {
    const h = home();
    const off = ias(['skills', 'disable', 'mailer', ...h.args]);
    expect(off).toMatchObject({ status: 0, stdout: 'mailer is now off.\n' });
    expect(listed(h.args, 'mailer').enabled).toBe(false);
    expect(ias(['skills', 'disable', 'mailer', ...h.args]).stdout).toBe('mailer is already off.\n');

    const config = ias(['skills', 'config', 'mailer', 'SMTP_HOST=smtp.example.com', ...h.args]);
    expect(config.stdout).toContain(
      'Saved. mailer has what it needs.\nIt is switched off: `ias skills enable mailer` switches it on.\n',
    );

    const on = ias(['skills', 'enable', 'mailer', ...h.args]);
    expect(on).toMatchObject({ status: 0, stdout: 'mailer is now on.\n' });
    expect(listed(h.args, 'mailer').enabled).toBe(true);
    expect(ias(['skills', 'config', 'mailer', 'SMTP_HOST=smtp.example.org', ...h.args]).stdout).not.toContain(
      'switched off',
    );
    expect(JSON.parse(ias(['skills', 'enable', 'mailer', '--json', ...h.args]).stdout)).toEqual({
      name: 'mailer',
      enabled: true,
      risk: 'high',
      effectiveRisk: 'high',
      reviewed: true,
      needsConfig: [],
    });
  });

  it('switching on an unreviewed skill leaves it high risk and says so, in 简体中文 too; an unknown name is exit 2', () => {
    const h = home();
    ias(['skills', 'disable', 'greeter', ...h.args]);
    const on = ias(['skills', 'enable', 'greeter', ...h.args]);
    expect(on.stdout).toBe(
      'greeter is now on.\nnote: it runs as high risk (each call needs your approval) until you review it: `ias skills review greeter`\n',
    );
    expect(listed(h.args, 'greeter')).toMatchObject({ enabled: true, reviewed: false, effectiveRisk: 'high' });

    ias(['skills', 'disable', 'mailer', ...h.args]);
    const chinese = ias(['skills', 'enable', 'mailer', ...h.args], CHINESE);
    expect(chinese.stdout).toBe(
      'mailer 现已启用状态。\n提示：它需要先完成设置才能工作：`ias skills config mailer` 会列出需要设置的项\n',
    );

    const unknown = ias(['skills', 'enable', 'nope', ...h.args]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('error: unknown skill "nope"');
    expect(ias(['skills', 'disable', 'nope', ...h.args], CHINESE).stderr).toContain('错误：没有名为“nope”的技能');
  });
});
