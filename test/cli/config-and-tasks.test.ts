import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/core/store/index.js';
import { ias } from '../helpers/cli.js';
import { tempDir, writeSkill } from '../helpers/temp.js';

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
  - name: PASSWORD
    description: the account's password
    secret: true
    required: true
---

## Execute

\`\`\`bash
echo "$SMTP_HOST"
\`\`\`
`,
  );
  return { dir, args: ['--home', dir, '--system-skills', system] };
}

describe('ias skills config', () => {
  it('shows what is missing, sets plain values and secrets (from stdin), never prints a secret', () => {
    const h = home();
    const before = ias(['skills', 'config', 'mailer', '--json', ...h.args]);
    expect(before.status).toBe(0);
    expect(JSON.parse(before.stdout).needsConfig).toEqual(['SMTP_HOST', 'PASSWORD']);

    const set = ias(
      ['skills', 'config', 'mailer', 'SMTP_HOST=smtp.example.com', 'PASSWORD=-', ...h.args],
      {},
      'hunter2\n',
    );
    expect(set.status).toBe(0);
    expect(set.stdout).toContain('smtp.example.com');
    expect(set.stdout).toContain('(secret, set)');
    expect(set.stdout).toContain('Saved. mailer has what it needs.');
    expect(set.stdout).not.toContain('hunter2');
    expect(fs.readFileSync(path.join(h.dir, 'secrets', 'skill-config.mailer.PASSWORD'), 'utf8')).toBe('hunter2');

    const json = JSON.parse(ias(['skills', 'config', 'mailer', '--json', ...h.args]).stdout);
    expect(json.needsConfig).toEqual([]);
    expect(JSON.stringify(json)).not.toContain('hunter2');

    const cleared = ias(['skills', 'config', 'mailer', 'PASSWORD=', ...h.args]);
    expect(cleared.stdout).toContain('Still to set: PASSWORD');
  });

  it('refuses a setting the skill does not declare, and a malformed assignment', () => {
    const h = home();
    const bad = ias(['skills', 'config', 'mailer', 'TOKEN=x', ...h.args]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('mailer has no setting TOKEN; its settings are SMTP_HOST and PASSWORD');
    expect(ias(['skills', 'config', 'mailer', 'SMTP_HOST', ...h.args]).stderr).toContain('is not KEY=VALUE');
  });
});

describe('ias tasks', () => {
  it('lists, pauses, resumes and deletes scheduled tasks', () => {
    const h = home();
    const store = openStore(path.join(h.dir, 'ias.db'));
    store.tasks.insert({
      id: 'abc12345',
      name: 'Morning weather',
      cron: '0 8 * * *',
      runAt: null,
      prompt: 'Tell me the weather',
      allowlist: ['get_current_datetime'],
      enabled: true,
      nextRunAt: Date.now() + 3600_000,
      timeZone: 'Asia/Shanghai',
      createdBy: 'test',
      createdAt: Date.now(),
    });
    store.close();

    const list = ias(['tasks', ...h.args]);
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(/abc12345\s+Morning weather\s+0 8 \* \* \* \(Asia\/Shanghai\)/);
    expect(ias(['tasks', 'pause', 'abc12345', ...h.args]).stdout).toBe('Paused Morning weather (abc12345).\n');
    expect(JSON.parse(ias(['tasks', 'list', '--json', ...h.args]).stdout)[0]).toMatchObject({ enabled: false });
    expect(ias(['tasks', 'resume', 'abc12345', ...h.args]).status).toBe(0);
    expect(JSON.parse(ias(['tasks', 'list', '--json', ...h.args]).stdout)[0]).toMatchObject({ enabled: true });
    expect(ias(['tasks', 'delete', 'abc12345', ...h.args]).status).toBe(0);
    expect(ias(['tasks', ...h.args]).stdout).toContain('No scheduled tasks.');
    const missing = ias(['tasks', 'delete', 'abc12345', ...h.args]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('there is no scheduled task "abc12345"');
  });
});
