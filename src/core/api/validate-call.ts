/**
 * Every call that crosses a transport (Electron IPC, the WebSocket of `ias serve`) is checked here
 * before it reaches the core: a known method, the right number of arguments, each of the right shape.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { apiErrorText, type ApiErrorCode } from '../../shared/api-errors.js';
import { API_METHODS, type ApiMethod } from '../../shared/contract.js';
import { MAX_AUDIT_SEARCH_CHARS, MAX_SETTING_CHARS, MAX_TITLE_CHARS } from '../../shared/text-limits.js';
import { isTimeZoneSetting, timeZoneRefusal } from '../time-zone.js';

const str = (maxLength = 10_000) => ({ type: 'string', maxLength });
const name = { type: 'string', pattern: '^[a-z0-9_-]{1,64}$' };
const id = { type: 'string', minLength: 1, maxLength: 200 };
const bool = { type: 'boolean' };
const messageLimit = { type: 'integer', minimum: 1, maximum: 100_000 };
const auditQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    skill: str(200),
    status: { enum: ['running', 'done', 'failed', 'interrupted', 'refused'] },
    source: { enum: ['chat', 'job', 'schedule', 'cli'] },
    from: { type: 'number' },
    to: { type: 'number' },
    text: str(MAX_AUDIT_SEARCH_CHARS),
    language: { enum: ['en', 'zh-CN'] },
    limit: { type: 'integer', minimum: 1, maximum: 500 },
    cursor: str(500),
  },
};

const conversationPage = {
  type: 'object',
  additionalProperties: false,
  required: ['limit'],
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 1000 },
    after: {
      type: 'object',
      additionalProperties: false,
      required: ['updatedAt', 'id'],
      properties: { updatedAt: { type: 'integer' }, id },
    },
  },
};

/** Methods whose last arguments may be left out: how many are required. */
const REQUIRED: Partial<Record<ApiMethod, number>> = { getMessages: 1, listConversations: 0, skillTemplate: 1 };

/** The JSON Schema of each argument, per method. */
const PARAMS: Record<ApiMethod, object[]> = {
  version: [],
  listConversations: [conversationPage],
  getConversation: [id],
  getMessages: [
    id,
    {
      oneOf: [
        messageLimit,
        {
          type: 'object',
          additionalProperties: false,
          required: ['limit'],
          properties: { limit: messageLimit, before: { type: 'integer', minimum: 1 } },
        },
      ],
    },
  ],
  sendMessage: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['text'],
      // Its length is the core's to refuse (MAX_MESSAGE_CHARS), with words the UI says in its language.
      properties: { conversationId: id, text: { type: 'string', minLength: 1 } },
    },
  ],
  stopTurn: [id],
  renameConversation: [id, str(MAX_TITLE_CHARS)],
  deleteConversation: [id],
  listSkills: [],
  setSkillEnabled: [name, bool],
  readSkill: [name],
  validateSkill: [name, str(256 * 1024)],
  saveSkill: [name, str(256 * 1024)],
  copySkillToUser: [name],
  deleteSkill: [name],
  showSkillVersion: [name],
  reviewSkill: [name, { type: 'string', pattern: '^[0-9a-f]{64}$' }],
  skillTemplate: [{ enum: ['script', 'instructions'] }, { enum: ['en', 'zh-CN'] }],
  setSkillConfig: [
    name,
    {
      type: 'object',
      maxProperties: 50,
      propertyNames: { pattern: '^[A-Z][A-Z0-9_]{0,63}$' },
      additionalProperties: { type: ['string', 'null'], maxLength: MAX_SETTING_CHARS },
    },
  ],
  listTasks: [],
  setTaskEnabled: [id, bool],
  deleteTask: [id],
  runTaskNow: [id],
  queryAudit: [auditQuery],
  getAuditRow: [{ type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }],
  listApprovals: [],
  decideApproval: [id, bool],
  getProvider: [],
  saveProvider: [
    {
      type: 'object',
      additionalProperties: false,
      // A key may be a JWT access token of a few thousand characters (as `ias provider set` takes
      // it); what no request can carry is refused by saveProvider, in the UI's language.
      properties: { preset: str(100), baseUrl: str(2000), model: str(200), apiKey: str(16_000) },
    },
  ],
  testProvider: [],
  getSettings: [],
  saveSettings: [
    {
      type: 'object',
      additionalProperties: false,
      properties: {
        language: { enum: ['system', 'zh-CN', 'en'] },
        theme: { enum: ['system', 'light', 'dark'] },
        notifications: bool,
        launchAtLogin: bool,
        timeZone: { type: 'string', maxLength: 200, format: 'time-zone' },
      },
    },
  ],
  setHighRiskPaused: [bool],
  wechatStatus: [],
  wechatLogin: [],
  wechatLogout: [],
  wechatStartPairing: [],
  wechatBindSelf: [],
};

const ajv = new Ajv({ strict: false, allErrors: false });
ajv.addFormat('time-zone', { type: 'string', validate: isTimeZoneSetting });
const validators = new Map<ApiMethod, ValidateFunction[]>(
  API_METHODS.map((method) => [method, PARAMS[method].map((schema) => ajv.compile(schema))]),
);

const exportChecks = [auditQuery, { enum: ['csv', 'json'] }, { type: 'string', pattern: '^[^/\\\\]{1,200}$' }].map(
  (schema) => ajv.compile(schema),
);

/**
 * Why an export of the audit log is refused, or undefined when it may go on: its query and format
 * (as `ias serve` reads them from the address), and in the desktop app the file name it suggests.
 */
export function exportRefusal(query: unknown, format: unknown, fileName?: unknown): string | undefined {
  const given = fileName === undefined ? [query, format] : [query, format, fileName];
  const at = given.findIndex((value, i) => !exportChecks[i]!(value));
  if (at < 0) return undefined;
  const e = exportChecks[at]!.errors?.[0];
  const what = ['the query', 'the format', 'the file name'][at]!;
  return `audit export: ${what}${e?.instancePath ?? ''} ${e?.message ?? 'is invalid'}`;
}

/** The part of an argument a JSON pointer names (ajv's instancePath). */
const valueAt = (value: unknown, pointer: string): unknown =>
  pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], value);

/** Why a call is refused (unknown method, wrong arguments), or undefined when it may go on. */
export function validateCall(method: string, params: unknown): string | undefined {
  return callRefusal(method, params)?.message;
}

/**
 * Why a call is refused, in English, with a code for a UI to say it in its language when there is
 * one (an owner's mistake, such as a time zone that is none; not a wrong call the UI never makes).
 */
export function callRefusal(
  method: string,
  params: unknown,
): { message: string; messageCode?: ApiErrorCode } | undefined {
  const refused = (message: string) => ({ message });
  const checks = validators.get(method as ApiMethod);
  if (!checks) return refused(`unknown method "${method}"`);
  if (!Array.isArray(params)) return refused(`${method}: the arguments must be a list`);
  const required = REQUIRED[method as ApiMethod] ?? checks.length;
  if (params.length < required || params.length > checks.length) {
    const takes = required === checks.length ? `${required}` : `${required} to ${checks.length}`;
    return refused(`${method} takes ${takes} argument(s), not ${params.length}`);
  }
  for (let i = 0; i < params.length; i++) {
    const check = checks[i]!;
    if (!check(params[i])) {
      const e = check.errors?.[0];
      if (e?.keyword === 'format' && e.params.format === 'time-zone') {
        const { message, messageCode } = timeZoneRefusal(String(valueAt(params[i], e.instancePath)));
        return { message: `${method}: argument ${i + 1}${e.instancePath}: ${message}`, messageCode };
      }
      // A skill setting's value too long: the owner's paste, said in their language.
      if (method === 'setSkillConfig' && e?.keyword === 'maxLength' && i === 1) {
        const setting = e.instancePath.slice(1);
        const { message, messageCode } = apiErrorText('setting-too-long', { name: setting, max: MAX_SETTING_CHARS });
        return { message: `${method}: argument ${i + 1}${e.instancePath}: ${message}`, messageCode };
      }
      return refused(`${method}: argument ${i + 1}${e?.instancePath ?? ''} ${e?.message ?? 'is invalid'}`);
    }
  }
  return undefined;
}
