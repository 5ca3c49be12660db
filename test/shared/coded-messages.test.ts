/**
 * What crosses the UI/core contract as a code (SKILL.md problems, API errors, scheduled run
 * results) reads the same in English as before, and in 简体中文 by its code; a message without a
 * code (an older core) or with a code the table does not know stays as it came.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../src/core/api/api-error.js';
import { failureReply } from '../../src/core/channels/wechat-replies.js';
import { loadSkillsRoot } from '../../src/core/skills/load.js';
import { parseSkillFile } from '../../src/core/skills/parse.js';
import type { SkillProblem } from '../../src/core/skills/types.js';
import { wechatWords } from '../../src/core/scheduler/delivery.js';
import type { TaskRunOutcome } from '../../src/core/scheduler/scheduler.js';
import { imitationWarning } from '../../src/core/channels/wechat-replies.js';
import { modelReplyPieces } from '../../src/core/channels/wechat-text.js';
import type { ScheduledTask } from '../../src/core/store/tasks-repo.js';
import { turnMessage, codeOf } from '../../src/core/agent/turn-messages.js';
import { decodeApiError, encodeApiError, englishApiErrors, sayApiError } from '../../src/shared/api-errors.js';
import { chineseApiErrors } from '../../src/shared/api-errors-zh-CN.js';
import { englishSkillProblems, saySkillProblem } from '../../src/shared/skill-problems.js';
import { chineseSkillProblems } from '../../src/shared/skill-problems-zh-CN.js';
import { englishTaskResults, sayTaskResult } from '../../src/shared/task-results.js';
import { chineseTaskResults } from '../../src/shared/task-results-zh-CN.js';
import { chineseTurnMessages } from '../../src/shared/turn-messages-zh-CN.js';
import { en } from '../../src/renderer/i18n/en.js';
import { zhCN } from '../../src/renderer/i18n/zh-CN.js';
import type { TaskResultCode } from '../../src/shared/task-results.js';
import { tempDir } from '../helpers/temp.js';

const parse = (text: string, folder = 'demo') =>
  parseSkillFile(Buffer.from(text), `/skills/${folder}/SKILL.md`, folder);

const CJK = /[\u4e00-\u9fff]/;

/** Broken SKILL.md files: together they make most of the parser's problems. */
const BROKEN = [
  '',
  '---\nname: demo\n',
  '---\n- a list\n---\n',
  '---\ndescription: broken: here\n---\n',
  '---\nname: other\ndescription: 3\nmetadata: 1\nrisk: medium\ntimeout: -1\nparameters: "{nope"\nconfig: 1\n---\n# T\n',
  '---\ndescription: x\nconfig:\n  - name: lower\n  - name: A\n    secret: maybe\n  - name: A\n  - name: B\n    extra: 1\n  - name: C\n    required: 3\n  - name: D\n    secret: true\n    default: x\n  - name: E\n    description: 4\n---\n',
  '# T\n\nText.\n\n## Risk Level\n\nLow\n\n## Risk Level\n\nHigh\n\n## Parameters\n\nnone\n\n## Execute\n\n```cobol\nx\n```\n',
  '---\ndescription: x\nrisk: low\n---\n## Risk Level\n\nHigh\n\n## Timeout\n\n## Execute\n\n```\nx\n```\n',
  '# T\n\nText.\n\n## Risk Level\n\n## Parameters\n\n```json\n{"type": "string"}\n```\n\n## Execute\n\n```bash\n```\n',
  '# T\n\nText.\n\n## Parameters\n\n```json\n{"type": "object", "properties": {"a": {"type": "strin"}}}\n```\n\n## Execute\n\n```bash\necho\n```\n',
  '# T\n\nText.\n\n## Risk Level\n\nLow\n\n## Parameters\n\n```json\n{"type": "object", "properties": {"a": {}, "b": {"type": "string", "anyOf": [{"type": "string"}]}}}\n```\n\n```bash\nunclosed\n',
  '---\ndescription: x\nbuiltin: datetime\n---\n## Execute\n\n```bash\necho\n```\n',
];

describe('SKILL.md problems', () => {
  const problems: SkillProblem[] = BROKEN.flatMap((text) => {
    const parsed = parse(text, '9demo');
    return [...parsed.errors, ...parsed.warnings];
  });

  it('come with a code whose English is the message, and say every one of them in Chinese', () => {
    const codes = new Set(problems.map((p) => p.messageCode?.code));
    expect(codes.size).toBeGreaterThan(30);
    for (const problem of problems) {
      expect(problem.messageCode, problem.message).toBeDefined();
      expect(saySkillProblem(englishSkillProblems, '', problem.messageCode)).toBe(problem.message);
      expect(saySkillProblem(chineseSkillProblems, problem.message, problem.messageCode)).toMatch(CJK);
    }
  });

  it('keep the English words as they were', () => {
    const { errors } = parse('---\ndescription: x\nrisk: medium\n---\n## Execute\n\n```bash\necho\n```\n');
    expect(errors).toEqual([
      {
        path: '/skills/demo/SKILL.md',
        line: 3,
        message: 'unknown risk level "medium" in front matter "risk": write Low or High',
        messageCode: { code: 'risk-unknown', params: { word: 'medium', place: { frontMatter: 'risk' } } },
      },
    ]);
  });

  it('read naturally in Chinese, with what was written kept as written', () => {
    const say = (text: string) => {
      const [first] = parse(text).errors;
      return saySkillProblem(chineseSkillProblems, first!.message, first!.messageCode);
    };
    expect(say('---\ndescription: x\nrisk: medium\n---\n## Execute\n\n```bash\necho\n```\n')).toBe(
      '无法识别的风险等级“medium”（front matter 的“risk”）：请写 Low 或 High',
    );
    expect(say('# T\n\nText.\n\n## Execute\n\n```bash\necho\n```\n')).toBe(
      '这个技能会运行东西，却没有声明风险：请加上“## Risk Level”并写 Low 或 High（或在 front matter 中写“risk:”）',
    );
    expect(say('# T\n\nText.\n\n## Risk Level\n\nLow\n\n## Parameters\n\n```json\n{"type": "object",}\n```\n')).toBe(
      '“## Parameters”不是有效的 JSON：property name expected',
    );
    // iAs's own words about a misspelt type, not the English inside the Chinese.
    expect(
      say(
        '# T\n\nText.\n\n## Parameters\n\n```json\n{"type": "object", "properties": {"a": {"type": "strin"}}}\n```\n',
      ),
    ).toBe(
      '参数的 JSON Schema 无效：schema/properties/a/type 的 "strin" 不是类型：请使用 string, number, integer, boolean, array, object, null 之一',
    );
  });

  it('of a folder (a link that leads outside) have codes too', () => {
    const root = tempDir('ias-problems-');
    const outside = tempDir('ias-outside-');
    fs.writeFileSync(path.join(outside, 'SKILL.md'), '# T\n\nText.\n');
    fs.symlinkSync(outside, path.join(root, 'linked'));
    const [problem] = loadSkillsRoot(root, 'user').errors;
    expect(problem!.messageCode).toEqual({ code: 'folder-link-outside', params: { target: fs.realpathSync(outside) } });
    expect(saySkillProblem(chineseSkillProblems, problem!.message, problem!.messageCode)).toContain('已拒绝加载');
  });

  it('without a code, or with one this table does not know, stay in the English that came', () => {
    expect(saySkillProblem(chineseSkillProblems, 'as it came')).toBe('as it came');
    const newer = { code: 'from-the-future', params: {} } as never;
    expect(saySkillProblem(chineseSkillProblems, 'as it came', newer)).toBe('as it came');
  });
});

describe('API errors', () => {
  it('are English messages with a code, which the desktop transport carries inside the message', () => {
    const err = apiError('no-skill', { name: 'weather' });
    expect(err.message).toBe('there is no skill "weather"');
    const wire = encodeApiError(err.message, err.messageCode);
    expect(decodeApiError(wire)).toEqual({ message: err.message, messageCode: err.messageCode });
    expect(decodeApiError('plain words')).toEqual({ message: 'plain words' });
    expect(decodeApiError('ias-error:{broken\nthe English')).toEqual({ message: 'the English' });
  });

  it('read in Chinese by their code, and as they came without one', () => {
    const err = apiError('reply-in-progress', {});
    expect(sayApiError(chineseApiErrors, err.message, err.messageCode)).toBe(
      '这个对话还在回复中：请先停止，或等它回复完。',
    );
    expect(sayApiError(englishApiErrors, err.message, err.messageCode)).toBe(err.message);
    expect(sayApiError(chineseApiErrors, 'ENOENT: no such file')).toBe('ENOENT: no such file');
  });

  it('are in both dictionaries of the UI', () => {
    expect(zhCN.apiError).toBe(chineseApiErrors);
    expect(zhCN.skillProblem).toBe(chineseSkillProblems);
    expect(zhCN.taskResult).toBe(chineseTaskResults);
    expect(en.apiError).toBe(englishApiErrors);
  });
});

describe('scheduled run results', () => {
  const task = { name: 'Weather' } as ScheduledTask;
  const refused = turnMessage('api-key-refused', { status: '401', detail: 'bad key' });
  const failed = {
    success: false,
    text: refused.message,
    code: { code: 'run-failed', params: { line: codeOf(refused) } },
  } as const;

  it('say what iAs says in them in Chinese, and keep the model’s own words', () => {
    expect(sayTaskResult(chineseTaskResults, failed.text, failed.code)).toBe(
      '模型服务拒绝了 API 密钥（401）。请检查设置中的密钥或 IAS_LLM_API_KEY。服务器返回：bad key',
    );
    const noTools = turnMessage('model-without-tools', { model: 'tiny' });
    const answered: TaskResultCode = { code: 'run-answered', params: { reply: 'Sunny.', notices: [codeOf(noTools)] } };
    expect(sayTaskResult(chineseTaskResults, `Sunny.\n\n[iAs: ${noTools.message}]`, answered)).toBe(
      'Sunny.\n\n[iAs：模型 tiny 不能使用工具，所以它会不借助技能直接回答。]',
    );
    expect(sayTaskResult(chineseTaskResults, 'x', { code: 'run-interrupted', params: { said: '' } })).toBe(
      'iAs 在这次运行结束前停止了。',
    );
    expect(sayTaskResult(englishTaskResults, failed.text, failed.code)).toBe(failed.text);
  });

  it('stored before codes (none) read as they were stored', () => {
    expect(sayTaskResult(chineseTaskResults, 'iAs stopped before this run finished.', null)).toBe(
      'iAs stopped before this run finished.',
    );
  });

  it('go to WeChat in the owner’s language', () => {
    expect(wechatWords('zh-CN', task, failed)).toBe(
      '⏰ Weather：运行失败\n\n模型服务拒绝了 API 密钥（401）。请检查设置中的密钥或 IAS_LLM_API_KEY。服务器返回：bad key',
    );
    expect(wechatWords('en', task, failed)).toBe(`⏰ Weather: failed\n\n${refused.message}`);
  });

  it('go to WeChat as plain text, with iAs’s own note no imitation of iAs', () => {
    const noTools = turnMessage('model-without-tools', { model: 'tiny' });
    const reply = '# Today\n\n**Sunny**, 24°C.';
    const answered: TaskRunOutcome = {
      success: true,
      text: `${reply}\n\n[iAs: ${noTools.message}]`,
      code: { code: 'run-answered', params: { reply, notices: [codeOf(noTools)] } },
    };
    expect(wechatWords('en', task, answered)).toBe(`⏰ Weather\n\n▍Today\n\nSunny, 24°C.\n\n[iAs: ${noTools.message}]`);
    expect(wechatWords('zh-CN', task, answered)).toBe(
      '⏰ Weather\n\n▍Today\n\nSunny, 24°C.\n\n[iAs：模型 tiny 不能使用工具，所以它会不借助技能直接回答。]',
    );
    for (const locale of ['en', 'zh-CN'] as const) {
      const words = wechatWords(locale, task, answered);
      expect(modelReplyPieces(words, imitationWarning(locale))).toEqual([words]);
    }
  });
});

describe('a WeChat reply to a turn that failed', () => {
  it('is in the owner’s language', () => {
    const line = turnMessage('server-timeout', { baseUrl: 'https://api.example.com' });
    expect(failureReply('zh-CN', line.message, codeOf(line))).toBe(
      '抱歉，出错了：位于 https://api.example.com 的模型服务没有及时响应。',
    );
    expect(failureReply('en', line.message, codeOf(line))).toBe(`Sorry, something went wrong: ${line.message}`);
    expect(failureReply('zh-CN', 'an old error')).toBe('抱歉，出错了：an old error');
  });
});

describe('a model server that cannot be reached, for no reason iAs can name', () => {
  it('ends as a sentence in both languages, as a retry’s words follow it', () => {
    const line = turnMessage('server-unreachable', { baseUrl: 'http://127.0.0.1:9/v1', detail: 'other side closed' });
    expect(line.message).toBe('Cannot reach the model server at http://127.0.0.1:9/v1: other side closed.');
    expect(chineseTurnMessages['server-unreachable'](line.params as { baseUrl: string; detail: string })).toBe(
      '无法连接位于 http://127.0.0.1:9/v1 的模型服务。详情：other side closed.',
    );
    // Words that end as a sentence already get no second full stop.
    expect(turnMessage('server-unreachable', { baseUrl: 'http://x/v1', detail: 'fetch failed!' }).message).toBe(
      'Cannot reach the model server at http://x/v1: fetch failed!',
    );
  });
});
