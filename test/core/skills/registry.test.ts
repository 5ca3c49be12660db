import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashSkillFolder, loadSkillsRoot } from '../../../src/core/skills/load.js';
import { SkillRegistry } from '../../../src/core/skills/registry.js';
import { scriptSkill, tempDir, writeSkill } from '../../helpers/temp.js';
import { UNORDERED_SKILL } from '../../helpers/unordered-problems.js';

const low = scriptSkill({ script: 'echo low', risk: 'Low' });
const high = scriptSkill({ script: 'echo high', risk: 'High' });
const instructions = '---\nname: guide\ndescription: A guide.\n---\n\nDo it well.\n';

function setup() {
  const root = tempDir();
  const system = path.join(root, 'system');
  const user = path.join(root, 'user');
  fs.mkdirSync(system);
  fs.mkdirSync(user);
  return { root, system, user };
}

describe('loading a skills folder', () => {
  it('loads good skills and reports broken ones without stopping', () => {
    const { user } = setup();
    writeSkill(user, 'good_one', low);
    writeSkill(user, 'broken', '# Broken\n\nNo risk.\n\n## Execute\n\n```bash\necho\n```\n');
    writeSkill(user, 'guide', instructions);
    fs.mkdirSync(path.join(user, 'not_a_skill')); // no SKILL.md: ignored
    fs.writeFileSync(path.join(user, 'README.txt'), 'a stray file');
    const loaded = loadSkillsRoot(user, 'user');
    expect(loaded.skills.map((s) => s.name)).toEqual(['good_one', 'guide']);
    expect(loaded.errors).toHaveLength(1);
    expect(loaded.errors[0]).toMatchObject({ path: path.join(user, 'broken', 'SKILL.md'), line: 5 });
  });

  it('refuses a skill named like a tool iAs gives the model itself (find_skills), and loads the rest', () => {
    const { system, user } = setup();
    writeSkill(
      user,
      'find_skills',
      `---\nname: find_skills\ndescription: Finds things.\nrisk: low\n---\n\n## Execute\n\n\`\`\`bash\necho\n\`\`\`\n`,
    );
    writeSkill(user, 'other', low);
    writeSkill(system, 'find_skills', low); // no front matter name: no line
    const registry = new SkillRegistry({ systemDir: system, userDir: user });
    registry.loadAll();
    expect(registry.list().map((s) => s.name)).toEqual(['other']);
    const refused = registry.problems().errors.filter((e) => e.messageCode?.code === 'reserved-tool-name');
    expect(refused).toHaveLength(2);
    const mine = refused.find((e) => e.path === path.join(user, 'find_skills', 'SKILL.md'));
    expect(mine).toMatchObject({ line: 2, messageCode: { params: { name: 'find_skills' } } });
    expect(mine?.message).toMatch(/"find_skills" is the name of a tool iAs itself gives the model/);
    const shipped = refused.find((e) => e.path === path.join(system, 'find_skills', 'SKILL.md'));
    expect(shipped?.line).toBeUndefined();
  });

  it('refuses symlinks that point outside the skills folder, and follows those inside', () => {
    const { root, user } = setup();
    const outside = path.join(root, 'outside');
    writeSkill(outside, 'evil', low);
    fs.symlinkSync(path.join(outside, 'evil'), path.join(user, 'evil'));
    writeSkill(user, 'leaky', low);
    fs.writeFileSync(path.join(root, 'secret.txt'), 'secret');
    fs.symlinkSync(path.join(root, 'secret.txt'), path.join(user, 'leaky', 'data.txt'));
    writeSkill(user, 'linked_md', low);
    fs.rmSync(path.join(user, 'linked_md', 'SKILL.md'));
    fs.symlinkSync(path.join(outside, 'evil', 'SKILL.md'), path.join(user, 'linked_md', 'SKILL.md'));
    writeSkill(user, 'real', low);
    fs.symlinkSync(path.join(user, 'real'), path.join(user, 'alias'));
    const loaded = loadSkillsRoot(user, 'user');
    expect(loaded.skills.map((s) => s.name).sort()).toEqual(['alias', 'real']);
    const messages = loaded.errors.map((e) => e.message).join('\n');
    expect(loaded.errors).toHaveLength(3);
    expect(messages).toMatch(/outside the skills folder/);
  });

  it('sees before a call a link re-pointed outside the skills folder, even to the same content', () => {
    const { root, user } = setup();
    fs.writeFileSync(path.join(user, 'shared.txt'), 'same');
    fs.writeFileSync(path.join(root, 'outside.txt'), 'same');
    const dir = writeSkill(user, 'linked', low);
    fs.symlinkSync(path.join(user, 'shared.txt'), path.join(dir, 'data.txt'));
    // The skills folder named through a link of its own: links are judged by where it really is.
    const named = path.join(root, 'skills-link');
    fs.symlinkSync(user, named);
    const registry = new SkillRegistry({ userDir: named });
    registry.loadAll();
    expect(registry.current('linked')?.name).toBe('linked');
    fs.rmSync(path.join(dir, 'data.txt'));
    fs.symlinkSync(path.join(root, 'outside.txt'), path.join(dir, 'data.txt'));
    expect(registry.current('linked')).toBeUndefined();
    const said = registry.problems().errors.map((e) => e.message);
    expect(said.join('\n')).toMatch(/outside the skills folder/);
  });

  it('hashes names and contents of every file in the folder', () => {
    const { user } = setup();
    const dir = writeSkill(user, 'hashed', low, { 'scripts/run.sh': 'echo 1' });
    const first = hashSkillFolder(dir, user);
    expect(hashSkillFolder(dir, user)).toBe(first);
    fs.writeFileSync(path.join(dir, 'scripts/run.sh'), 'echo 2');
    const second = hashSkillFolder(dir, user);
    expect(second).not.toBe(first);
    fs.renameSync(path.join(dir, 'scripts/run.sh'), path.join(dir, 'scripts/other.sh'));
    expect(hashSkillFolder(dir, user)).not.toBe(second);
  });

  it('refuses front matter whose YAML aliases expand past the file size limit, and loads the rest', () => {
    const { system, user } = setup();
    // Nine levels of ten aliases each: a few hundred bytes that stand for 10^9 values once expanded.
    const bomb = [
      `  a0: &a0 [${Array(10).fill('"lol"').join(', ')}]`,
      ...Array.from({ length: 8 }, (_, i) => `  a${i + 1}: &a${i + 1} [${Array(10).fill(`*a${i}`).join(', ')}]`),
    ];
    const inMetadata = ['---', 'description: Laughs.', 'risk: low', 'metadata:', ...bomb, '---', '', 'Body.'];
    const inAllowedTools = [
      '---',
      'description: Laughs.',
      'risk: low',
      'x:',
      ...bomb,
      'allowed-tools: *a8',
      '---',
      '',
      'Body.',
    ];
    writeSkill(user, 'laughs', inMetadata.join('\n'));
    writeSkill(user, 'laughs_tools', inAllowedTools.join('\n'));
    writeSkill(user, 'good_one', low);
    const registry = new SkillRegistry({ systemDir: system, userDir: user });
    registry.loadAll();
    expect(registry.list().map((s) => s.name)).toEqual(['good_one']);
    const refused = registry.problems().errors;
    expect(refused.map((e) => [e.path, e.messageCode?.code])).toEqual([
      [path.join(user, 'laughs', 'SKILL.md'), 'front-matter-too-large'],
      [path.join(user, 'laughs_tools', 'SKILL.md'), 'front-matter-too-large'],
    ]);
    expect(refused[0]?.message).toMatch(/front matter.*larger than/);
  });

  it('refuses a parameter schema nested deeper than any real one, and loads the rest', () => {
    const { system, user } = setup();
    // A thousand levels in a few kilobytes: checking such a schema overflowed the stack.
    const deep = `{"type":"object","properties":{"a":${'{"items":'.repeat(1000)}{}${'}'.repeat(1000)}}}`;
    writeSkill(user, 'deep', low.replace('## Execute', `## Parameters\n\n\`\`\`json\n${deep}\n\`\`\`\n\n## Execute`));
    writeSkill(user, 'good_one', low);
    const registry = new SkillRegistry({ systemDir: system, userDir: user });
    registry.loadAll();
    expect(registry.list().map((s) => s.name)).toEqual(['good_one']);
    expect(registry.problems().errors).toMatchObject([
      { path: path.join(user, 'deep', 'SKILL.md'), messageCode: { code: 'schema-too-deep', params: { max: 64 } } },
    ]);
  });

  it('refuses a built-in handler in a user skill', () => {
    const { user } = setup();
    writeSkill(user, 'sneaky', '---\ndescription: x\nrisk: low\nbuiltin: get_current_datetime\n---\n');
    const loaded = loadSkillsRoot(user, 'user');
    expect(loaded.skills).toEqual([]);
    expect(loaded.errors[0]).toMatchObject({
      line: 4,
      message: expect.stringMatching(/only the system skills shipped with iAs/),
    });
  });
});

describe('the registry', () => {
  it('lists system and user skills; a user skill overrides a system one', () => {
    const { system, user } = setup();
    writeSkill(system, 'shared', low);
    writeSkill(system, 'sys_only', low);
    writeSkill(user, 'shared', scriptSkill({ script: 'echo mine', description: 'Mine.' }));
    writeSkill(user, 'guide', instructions);
    const registry = new SkillRegistry({ systemDir: system, userDir: user });
    registry.loadAll();
    expect(registry.list().map((s) => s.name)).toEqual(['guide', 'shared', 'sys_only']);
    const shared = registry.get('shared')!;
    expect(shared).toMatchObject({ source: 'user', overrides: true, description: 'Mine.', kind: 'script' });
    expect(registry.get('sys_only')).toMatchObject({ source: 'system', overrides: false });
    expect(registry.get('guide')).toMatchObject({ kind: 'instructions', risk: 'low' });
    expect(shared.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(shared.path).toBe(path.join(user, 'shared', 'SKILL.md'));
  });

  it('never lowers the risk of a system skill it overrides', () => {
    const { system, user } = setup();
    writeSkill(system, 'send_mail', high);
    writeSkill(user, 'send_mail', low);
    writeSkill(system, 'lookup', low);
    writeSkill(user, 'lookup', high);
    const registry = new SkillRegistry({ systemDir: system, userDir: user });
    registry.loadAll();
    expect(registry.get('send_mail')).toMatchObject({ risk: 'high', declaredRisk: 'low', overrides: true });
    expect(registry.get('lookup')).toMatchObject({ risk: 'high', declaredRisk: 'high' });
    expect(registry.listByRisk('high').map((s) => s.name)).toEqual(['lookup', 'send_mail']);
    expect(registry.listByRisk('low')).toEqual([]);
  });

  it('reloads one folder, replacing objects so a holder keeps its version', () => {
    const { user } = setup();
    writeSkill(user, 'a', low);
    const registry = new SkillRegistry({ userDir: user });
    registry.loadAll();
    const held = registry.get('a')!;
    writeSkill(user, 'a', high);
    const changes: string[][] = [];
    registry.on('change', (c) => changes.push(c.names));
    registry.reload('user', ['a']);
    expect(held.risk).toBe('low');
    expect(Object.isFrozen(held)).toBe(true);
    expect(registry.get('a')!.risk).toBe('high');
    expect(changes).toEqual([['a']]);
    fs.writeFileSync(path.join(user, 'a', 'SKILL.md'), '# broken');
    registry.reload('user', ['a']);
    expect(registry.get('a')).toBeUndefined();
    expect(registry.problems().errors[0]!.path).toBe(path.join(user, 'a', 'SKILL.md'));
    writeSkill(user, 'a', low);
    registry.reload('user', ['a']);
    expect(registry.problems().errors).toEqual([]);
  });

  it("gives each file's load problems by line, not in the order the checks found them", () => {
    const { system, user } = setup();
    writeSkill(user, 'late', UNORDERED_SKILL);
    writeSkill(user, 'early', UNORDERED_SKILL);
    const registry = new SkillRegistry({ systemDir: system, userDir: user });
    registry.loadAll();
    expect(registry.problems().errors.map((e) => [path.basename(path.dirname(e.path)), e.line])).toEqual([
      ['early', 3],
      ['early', 9],
      ['late', 3],
      ['late', 9],
    ]);
  });

  it('treats missing folders as empty', () => {
    const registry = new SkillRegistry({ systemDir: '/nonexistent/system', userDir: '/nonexistent/user' });
    registry.loadAll();
    expect(registry.list()).toEqual([]);
    expect(registry.problems().errors).toEqual([]);
  });

  it('ships get_current_datetime as a built-in system skill', () => {
    const registry = new SkillRegistry({ systemDir: path.resolve('resources/skills') });
    registry.loadAll();
    expect(registry.problems()).toEqual({ errors: [], warnings: [] });
    expect(registry.get('get_current_datetime')).toMatchObject({ kind: 'builtin', risk: 'low', source: 'system' });
  });
});
