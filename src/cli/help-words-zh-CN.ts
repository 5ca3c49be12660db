/**
 * `ias --help` and each command's in 简体中文 (see owner-language-help.ts): by command path, the
 * command's description, its arguments' (by name) and options' (by long flag), and the text it
 * adds after its help. The English is where each command is registered.
 */
import { PROVIDER_PRESETS } from '../core/agent/providers.js';
import { DEFAULT_PUPPET } from '../core/channels/wechat-settings.js';
import { AUDIT_SOURCES, AUDIT_STATUSES } from './audit-command.js';

export interface CommandHelp {
  description: string;
  arguments?: Record<string, string>;
  options?: Record<string, string>;
  /** Said after the help, as the command's English addHelpText (see afterHelp). */
  after?: string;
}

/** Commander's own words in a help. */
export const chineseHelpTerms = {
  headings: {
    'Usage:': '用法：',
    'Arguments:': '参数：',
    'Options:': '选项：',
    'Global Options:': '全局选项：',
    'Commands:': '命令：',
  } as Record<string, string | undefined>,
  /**
   * The names in commander's placeholders (`ias [options] [command]`, `<name>`, `--home <dir>`,
   * `[assignments...]`): in a usage line, a subcommand's, an option's or an argument's term, and
   * commander's errors naming an argument or an option's value.
   */
  placeholders: {
    options: '选项',
    command: '命令',
    name: '名称',
    assignments: '设置',
    path: '路径',
    id: 'ID',
    message: '消息',
    dir: '目录',
    json: 'JSON',
    url: '网址',
    model: '模型',
    key: '密钥',
    token: '令牌',
    host: '主机',
    port: '端口',
    n: '数量',
    status: '状态',
    source: '来源',
    words: '词语',
    cursor: '游标',
    format: '格式',
    hash: '哈希',
  } as Record<string, string | undefined>,
  /** The --help option's and the help command's description. */
  help: '显示命令的帮助',
  default: (value: string) => `（默认：${value}）`,
};

const json = { '--json': '输出 JSON' };
const taskId = { id: '任务 ID（见 `ias tasks`）' };

const providerVariables = `
模型（任何 OpenAI 兼容的服务）是用 \`ias provider set\` 保存的服务商；
在一个 shell 中也可以用下面这些环境变量指定，它们覆盖已保存的设置：
  IAS_LLM_BASE_URL  服务的接口地址，通常以 /v1 结尾
                    （本机的 Ollama：http://127.0.0.1:11434/v1）
  IAS_LLM_MODEL     模型名称
  IAS_LLM_API_KEY   API 密钥（本机的服务不需要）
\`ias provider\` 显示正在使用的设置，以及每一项来自哪里。
`;

export const chineseHelp: Record<string, CommandHelp | undefined> = {
  '': {
    description: 'iAs — 托盘里的助手，通过技能替你做事',
    options: {
      '--home': '数据文件夹（默认：$IAS_HOME，或本用户应用数据文件夹中的“iAs”）',
      '--system-skills': '系统技能文件夹（默认：随附的 resources/skills）',
      '--user-skills': '用户技能文件夹（默认：数据文件夹中的 skills）',
      '--version': '显示 iAs 的版本',
    },
  },
  skills: { description: '列出、检查和运行技能' },
  'skills list': { description: '列出 iAs 可以使用的技能', options: json },
  'skills check': {
    description: '检查技能文件夹、存放技能文件夹的文件夹，或 SKILL.md 文件',
    arguments: { path: '要检查的路径' },
    options: json,
  },
  'skills run': {
    description: '现在运行一个技能，以在这个终端前的主人身份运行（无需审批）',
    arguments: { name: '要运行的技能' },
    options: { '--params': '参数，一个 JSON 对象', '--json': '以 JSON 输出结果' },
  },
  'skills config': {
    description: '查看或设置技能的设置；机密保存在机密存储中，从不显示',
    arguments: {
      name: '技能',
      assignments: 'KEY=VALUE 设置，KEY= 清除，KEY=- 从标准输入读取值（机密只能这样设置：在终端中会提示输入且不显示）',
    },
    options: json,
  },
  'skills review': {
    description: '显示一个用户技能，并标记为你已审核它的这个版本（在它改变之前，它按自己的风险等级运行）',
    arguments: { name: '要审核的技能' },
    options: {
      '--hash': '只在技能处于这个版本时标记：它的完整哈希，64 位十六进制数字（`ias skills list --json` 会输出它）',
      '--yes': '与 --hash 一起使用：标记时不显示技能也不询问，在终端中也是如此',
      '--json': '输出 JSON（需要 --hash）',
    },
  },
  'skills enable': {
    description: '启用一个技能，如同技能管理器中的开关（未审核的技能仍按高风险运行）',
    arguments: { name: '技能' },
    options: json,
  },
  'skills disable': {
    description: '停用一个技能：模型不再看到它',
    arguments: { name: '技能' },
    options: json,
  },
  tasks: { description: '列出、立即运行、暂停、恢复或删除定时任务（在对话中创建）' },
  'tasks list': { description: '列出定时任务', options: json },
  'tasks run': {
    description: '现在运行一个任务，如同到了它的时间；它的计划不变（一次性任务随后即完成）',
    arguments: taskId,
    options: { '--json': '以 JSON 输出这次运行' },
  },
  'tasks pause': { description: '暂停一个任务', arguments: taskId },
  'tasks resume': { description: '恢复一个已暂停的任务，从它的下一个时间开始', arguments: taskId },
  'tasks delete': { description: '删除一个任务', arguments: taskId },
  audit: {
    description: '查看审计日志：每一次技能调用，最新的在前',
    options: {
      ...json,
      '--limit': '显示多少行（1-500）',
      '--skill': '只看这个技能',
      '--status': `只看这个状态（${AUDIT_STATUSES.join(', ')}）`,
      '--source': `只看这个来源（${AUDIT_SOURCES.join(', ')}）`,
      '--text': '只看提到这些词的行',
      '--cursor': '下一页，来自上一次 --json 的结果',
      '--export': '以 csv 或 json 导出所有匹配的行',
    },
  },
  chat: {
    description: '与 iAs 对话：带上消息（或通过管道传入）时进行一轮对话，否则在终端中进入交互式会话',
    arguments: { message: '要说的话（省略时：读取通过管道传入的内容；在终端中则进入交互式会话）' },
    options: {
      '--conversation': '继续这个对话',
      '--json': '以 JSON 输出这一轮（仅限一轮对话：带上消息或通过管道传入时）',
    },
    after: `${providerVariables}
在终端中，Ctrl-C 停止回复，/exit 或 Ctrl-D 退出；/help 列出对话中的命令。
高风险的调用在这里询问（y/N；Ctrl-C 表示拒绝）。退出码：0 模型已回复，
1 这一轮失败或没有设置模型，2 用法错误，130 用 Ctrl-C 停止。
`,
  },
  provider: {
    description: '查看、保存或测试 `ias chat` 使用的模型服务商（密钥保存在机密存储中）',
    after: providerVariables,
  },
  'provider show': {
    description: '`ias chat` 现在会使用什么，以及每一项来自哪里（从不显示密钥本身）',
    options: json,
  },
  'provider set': {
    description:
      '保存服务商：预设、接口地址、模型；API 密钥在终端中提示输入（不显示），或用 --key-stdin 通过管道传入，从不作为参数给出',
    options: {
      '--preset': `预设：${PROVIDER_PRESETS.map((p) => p.id).join(', ')}`,
      '--base-url': '服务的 OpenAI 兼容接口地址，通常以 /v1 结尾',
      '--model': '模型名称',
      '--key-stdin': '从标准输入读取 API 密钥（在终端中：提示输入且不显示）',
      '--json': '以 JSON 输出保存的内容',
    },
  },
  'provider test': {
    description: '向服务商的服务提一个只需回答一个词元的问题，与“设置 → 测试连接”相同',
    options: { '--json': '以 JSON 输出结果' },
  },
  'provider clear-key': { description: '删除已保存的 API 密钥（包括桌面应用加密保存的副本）' },
  wechat: { description: '把审批（和对话）送到你手机上的微信机器人' },
  'wechat login': {
    description: '登录机器人：显示一个二维码，用微信扫描',
    options: {
      '--puppet': `从现在起使用的 puppet 包（默认 ${DEFAULT_PUPPET}）`,
      '--endpoint': 'wechaty-puppet-service：服务端点',
      '--token-stdin': 'wechaty-puppet-service：从标准输入读取令牌（在终端中：提示输入且不显示）',
    },
  },
  'wechat status': { description: '机器人是谁、主人是谁，以及由哪个 puppet 运行', options: json },
  'wechat pair': {
    description: '选定主人：从你的微信把显示的码发给机器人，或用 --self',
    options: { '--self': '机器人就是我自己的账号：审批发到文件传输助手' },
  },
  'wechat logout': { description: '让机器人退出登录，并忘掉它的会话' },
  serve: {
    description: '无界面运行 iAs：网页界面及其 API 在 http://127.0.0.1 上，需要访问令牌',
    options: {
      '--host': '监听的地址（除回环地址外，都会把 iAs 暴露给你的网络）',
      '--port': '端口（0 = 任意空闲端口）',
      '--new-token': '生成新的访问令牌（旧链接随即失效）',
      '--no-wechat': '不运行微信机器人（审批发到网页界面）',
    },
  },
};
