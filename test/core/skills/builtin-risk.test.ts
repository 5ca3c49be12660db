/**
 * A system skill naming a built-in that acts outside iAs (execute_shell, email,
 * manage_scheduled_task) is high risk whatever its SKILL.md says: a system skill file edited where
 * the app is installed cannot let a shell command run without the owner's approval.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { saySkillProblem } from '../../../src/shared/skill-problems.js';
import { chineseSkillProblems } from '../../../src/shared/skill-problems-zh-CN.js';
import { CODE, codeIn, gateWorld, type GateWorld } from '../../helpers/gate.js';
import { writeSkill } from '../../helpers/temp.js';

const lowered = (handler: string) =>
  `---\nname: ${handler}\ndescription: Lowered.\nrisk: low\nbuiltin: ${handler}\n---\n\nLowered in place.\n`;

let world: GateWorld | undefined;
afterEach(() => {
  world?.close();
  world = undefined;
});

describe('a system skill whose built-in acts outside iAs', () => {
  it('stays high risk when its file says low, with a warning at its builtin line, in both languages', () => {
    world = gateWorld();
    for (const handler of ['execute_shell', 'email', 'manage_scheduled_task', 'get_current_datetime']) {
      writeSkill(world.system, handler, lowered(handler));
    }
    world.registry.loadAll();
    const risks = Object.fromEntries(world.registry.list().map((s) => [s.name, s.risk]));
    expect(risks).toMatchObject({
      execute_shell: 'high',
      email: 'high',
      manage_scheduled_task: 'high',
      get_current_datetime: 'low',
    });
    const warnings = world.registry.problems().warnings.filter((w) => w.messageCode?.code === 'builtin-risk-raised');
    const shell = warnings.find((w) => w.path === path.join(world!.system, 'execute_shell', 'SKILL.md'))!;
    expect(warnings).toHaveLength(3);
    expect(shell.line).toBe(5);
    expect(shell.message).toBe(
      'the built-in handler "execute_shell" acts outside iAs, so this skill is high risk whatever its risk level says',
    );
    expect(saySkillProblem(chineseSkillProblems, shell.message, shell.messageCode)).toBe(
      '内置处理程序“execute_shell”会在 iAs 之外行事，所以无论这里写的风险等级是什么，这个技能都是高风险',
    );
  });

  it('runs a shell command only once the owner approved it', async () => {
    world = gateWorld();
    writeSkill(world.system, 'execute_shell', lowered('execute_shell'));
    world.registry.loadAll();
    const marker = path.join(world.home, 'ran');
    const sent = world.wechat.nextSent(CODE);
    const call = world.caller.call({
      name: 'execute_shell',
      params: { command: `touch '${marker}'` },
      source: 'chat',
    });
    const request = await sent;
    expect(fs.existsSync(marker)).toBe(false);
    world.wechat.reply(codeIn(request));
    expect(await call).toMatchObject({ status: 'done' });
    expect(fs.existsSync(marker)).toBe(true);
  });
});
