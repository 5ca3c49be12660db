import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openRuntime, type Runtime } from '../../../src/core/runtime.js';
import { parseSkillFile } from '../../../src/core/skills/parse.js';
import { saySkillProblem } from '../../../src/shared/skill-problems.js';
import { chineseSkillProblems } from '../../../src/shared/skill-problems-zh-CN.js';
import { onCleanup, scriptSkill, tempDir, writeSkill } from '../../helpers/temp.js';

const withConfig = (config: string, script: string) =>
  `---\nrisk: low\nconfig:\n${config}\n---\n` + scriptSkill({ script }).replace(/## Risk Level\n\nLow\n\n/, '');

const WEATHER_CONFIG = `  - name: WEATHER_KEY
    description: the service's key
    secret: true
    required: true
  - name: WEATHER_CITY
    description: the default city
    default: Hangzhou`;

async function world(): Promise<{ runtime: Runtime; home: string }> {
  const home = tempDir('ias-config-');
  const system = path.join(home, 'system');
  fs.mkdirSync(system);
  writeSkill(
    system,
    'weather',
    withConfig(
      WEATHER_CONFIG,
      '[ "$WEATHER_KEY" = sk-weather-123 ] && k=right || k="wrong:$WEATHER_KEY"; echo "key=$k city=$WEATHER_CITY"',
    ),
  );
  writeSkill(
    system,
    'search',
    withConfig(
      `  - name: API_KEY\n    secret: true\n    required: search\n  - name: INSTANCE_URL\n    required: search`,
      'echo "weather key seen here: [$WEATHER_KEY] api=[${#API_KEY} characters] url=[$INSTANCE_URL]"',
    ),
  );
  const runtime = await openRuntime({ home, systemSkills: system });
  onCleanup(() => runtime.close());
  return { runtime, home };
}

const run = (runtime: Runtime, name: string) =>
  runtime.caller.call({ name, params: {}, source: 'cli', ownerAtTerminal: true });

describe('skill settings', () => {
  it('are declared in front matter, with problems located', () => {
    const ok = parseSkillFile(Buffer.from(withConfig(WEATHER_CONFIG, 'true')), 'SKILL.md', 'weather');
    expect(ok.errors).toEqual([]);
    expect(ok.definition!.config).toEqual([
      { name: 'WEATHER_KEY', description: "the service's key", secret: true, required: true },
      { name: 'WEATHER_CITY', description: 'the default city', secret: false, required: false, default: 'Hangzhou' },
    ]);
    const bad = parseSkillFile(
      Buffer.from(withConfig(`  - name: lower_case\n  - name: KEY\n    secret: true\n    default: x`, 'true')),
      'SKILL.md',
      'weather',
    );
    expect(bad.errors.map((e) => [e.line, e.message])).toEqual([
      [3, expect.stringMatching(/"lower_case" needs a name of 1 to 64 capitals/)],
      [3, expect.stringMatching(/KEY: only a setting that is not secret may have a text default/)],
    ]);
  });

  it('a setting name refused for its length or its first character says so, in English and Chinese', () => {
    const long = `KEY_${'A'.repeat(61)}`; // 65 characters, each one allowed
    const bad = parseSkillFile(
      Buffer.from(withConfig(`  - name: ${long}\n  - name: 1_KEY`, 'true')),
      'SKILL.md',
      'weather',
    );
    expect(bad.errors.map((e) => e.message)).toEqual([
      `config setting "${long}" needs a name of 1 to 64 capitals, digits and "_", starting with a capital (such as API_KEY)`,
      'config setting "1_KEY" needs a name of 1 to 64 capitals, digits and "_", starting with a capital (such as API_KEY)',
    ]);
    const [first] = bad.errors;
    expect(saySkillProblem(chineseSkillProblems, first!.message, first!.messageCode)).toBe(
      `设置项 "${long}" 需要由 1 到 64 个大写字母、数字和“_”组成、以大写字母开头的名称（例如 API_KEY）`,
    );
  });

  it('a skill lacking a required setting says exactly what to set, and runs nothing', async () => {
    const { runtime } = await world();
    const weather = runtime.registry.get('weather')!;
    expect(runtime.skillConfig.missing(weather)).toEqual([['WEATHER_KEY']]);
    const outcome = await run(runtime, 'weather');
    expect(outcome.status).toBe('error');
    expect(outcome.result.error).toBe(
      'weather is not configured yet: set WEATHER_KEY in Skills → weather → Settings, or run `ias skills config weather WEATHER_KEY=-` (it asks for the secret unseen, or reads it from stdin)',
    );
    expect(runtime.store.audit.query({ skill: 'weather' }).rows[0]!.status).toBe('failed');

    const search = runtime.registry.get('search')!;
    expect(runtime.skillConfig.missing(search)).toEqual([['API_KEY', 'INSTANCE_URL']]);
    runtime.skillConfig.set(search, { INSTANCE_URL: 'http://127.0.0.1:8888' });
    expect(runtime.skillConfig.missing(search)).toEqual([]);
  });

  it('reach only their own skill, secrets kept out of the database', async () => {
    const { runtime, home } = await world();
    const weather = runtime.registry.get('weather')!;
    runtime.skillConfig.set(weather, { WEATHER_KEY: 'sk-weather-123' });
    const outcome = await run(runtime, 'weather');
    expect(outcome.result.data).toBe('key=right city=Hangzhou');

    runtime.skillConfig.set(runtime.registry.get('search')!, { API_KEY: 'sk-search' });
    expect((await run(runtime, 'search')).result.data).toBe('weather key seen here: [] api=[9 characters] url=[]');

    const view = runtime.skillConfig.view(weather);
    expect(view.find((f) => f.name === 'WEATHER_KEY')).toMatchObject({ set: true, secret: true });
    expect(view.find((f) => f.name === 'WEATHER_KEY')).not.toHaveProperty('value');
    runtime.store.db.pragma('wal_checkpoint(TRUNCATE)');
    expect(fs.readFileSync(path.join(home, 'ias.db')).includes('sk-weather-123')).toBe(false);
    const secretFile = path.join(home, 'secrets', 'skill-config.weather.WEATHER_KEY');
    expect(fs.readFileSync(secretFile, 'utf8')).toBe('sk-weather-123');
    expect(fs.statSync(secretFile).mode & 0o777).toBe(0o600);

    runtime.skillConfig.set(weather, { WEATHER_KEY: '', WEATHER_CITY: 'Shanghai' });
    expect(fs.existsSync(secretFile)).toBe(false);
    expect(runtime.skillConfig.env(weather)).toEqual({ WEATHER_CITY: 'Shanghai' });
  });

  it('a setting its skill declares secret since it was saved keeps no plain copy in the database once saved again', async () => {
    const { runtime, home } = await world();
    const weather = runtime.registry.get('weather')!;
    // The version of the skill before its author marked the key secret.
    const before = {
      ...weather,
      config: weather.config!.map((field) => (field.name === 'WEATHER_KEY' ? { ...field, secret: false } : field)),
    };
    runtime.skillConfig.set(before, { WEATHER_KEY: 'sk-plain-4242' });
    expect(runtime.store.skillSettings.get('weather')?.config).toEqual({ WEATHER_KEY: 'sk-plain-4242' });

    // The owner enters the key again, now that it is a secret.
    runtime.skillConfig.set(weather, { WEATHER_KEY: 'sk-weather-123' });
    expect(runtime.store.skillSettings.get('weather')?.config ?? {}).not.toHaveProperty('WEATHER_KEY');
    expect((await run(runtime, 'weather')).result.data).toBe('key=right city=Hangzhou');
    runtime.store.db.pragma('wal_checkpoint(TRUNCATE)');
    expect(fs.readFileSync(path.join(home, 'ias.db')).includes('sk-plain-4242')).toBe(false);
  });

  it("a skill's secret in what it answers (an error quoting a URL with its key) reaches neither the model nor the log", async () => {
    const { runtime } = await world();
    const weather = runtime.registry.get('weather')!;
    // Characters a URL would encode: the encoded form is hidden too.
    const key = 'sk-weather-123/+=';
    runtime.skillConfig.set(weather, { WEATHER_KEY: key });
    writeSkill(
      runtime.registry.systemDir!,
      'weather',
      withConfig(
        WEATHER_CONFIG,
        'q=$(node -e "process.stdout.write(encodeURIComponent(process.env.WEATHER_KEY))"); ' +
          'echo "HTTPSConnectionPool: Max retries exceeded with url: /v7/now?key=$q (key $WEATHER_KEY)" >&2; exit 1',
      ),
    );
    runtime.registry.loadAll();
    const failed = await run(runtime, 'weather');
    expect(failed.result.error).toBe(
      'HTTPSConnectionPool: Max retries exceeded with url: /v7/now?key=[secret hidden] (key [secret hidden])',
    );
    writeSkill(
      runtime.registry.systemDir!,
      'weather',
      withConfig(WEATHER_CONFIG, 'echo "{\\"success\\": true, \\"data\\": {\\"echo\\": [\\"$WEATHER_KEY\\"]}}"'),
    );
    runtime.registry.loadAll();
    const answered = await run(runtime, 'weather');
    expect(answered.result).toMatchObject({ success: true, data: { echo: ['[secret hidden]'] } });
    const rows = JSON.stringify(runtime.store.audit.query({ skill: 'weather' }).rows);
    expect(rows).not.toContain('sk-weather-123');
    expect(rows).toContain('[secret hidden]');
  });

  it('refuses settings a skill does not declare, storing nothing', async () => {
    const { runtime } = await world();
    const weather = runtime.registry.get('weather')!;
    expect(() => runtime.skillConfig.set(weather, { WEATHER_KEY: 'k', OPENAI_API_KEY: 'x' })).toThrow(
      'weather has no setting OPENAI_API_KEY; its settings are WEATHER_KEY and WEATHER_CITY',
    );
    expect(runtime.skillConfig.missing(weather)).toEqual([['WEATHER_KEY']]);
  });
});
