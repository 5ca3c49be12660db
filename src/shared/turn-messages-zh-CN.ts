/**
 * How each line about a turn (see turn-messages.ts) reads in 简体中文: what the UI in Chinese shows
 * and `ias chat` prints for a Chinese-speaking owner. A `detail` (the server's or the network's own
 * words) comes as it came, after the sentence that explains it. Plain functions: no Node, no DOM.
 */
import type { TurnMessageStrings } from './turn-messages.js';

const said = (detail: string) => (detail ? `服务器返回：${detail}` : '');
const why = (detail: string) => (detail ? `详情：${detail}` : '');

export const chineseTurnMessages: TurnMessageStrings = {
  'api-key-refused': (p) =>
    `模型服务拒绝了 API 密钥（${p.status}）。请检查设置中的密钥或 IAS_LLM_API_KEY。${said(p.detail)}`,
  'model-or-path-unknown': (p) => {
    const hint =
      p.hint === 'drop-chat-completions'
        ? `接口地址应在 /chat/completions 之前结束：试试 ${p.url}。`
        : p.hint === 'add-v1'
          ? `如果服务的文档给出的接口地址以 /v1 结尾，请使用 ${p.url}。`
          : '';
    return `模型服务不认识这个模型或路径（404）。请检查模型名称和接口地址。${hint}${said(p.detail)}`;
  },
  'rate-limited': (p) =>
    `模型服务正在限制请求频率（${p.status}）。${p.retryInS ? `请在 ${p.retryInS} 秒后再试。` : ''}${said(p.detail)}`,
  'server-error': (p) => `模型服务出错了（${p.status}）。${said(p.detail)}`,
  'request-rejected': (p) => `模型服务拒绝了这个请求（${p.status}）。${said(p.detail)}`,
  'server-answered': (p) => `模型服务返回了错误${p.status ? `（${p.status}）` : ''}。${said(p.detail)}`,
  'server-unreachable': (p) => `无法连接位于 ${p.baseUrl} 的模型服务。${why(p.detail)}`,
  'server-timeout': (p) => `位于 ${p.baseUrl} 的模型服务没有及时响应。`,
  'stream-cut': (p) => `与模型的连接在回复中途断开了。${why(p.detail)}`,
  'stream-empty': () =>
    '模型服务结束了回复，却什么也没有发送。如果它在本机运行，它的日志可能会说明原因（常见的是提示超出了模型的上下文长度）。',
  'reply-too-long': (p) =>
    `回复达到了模型的输出长度上限，被截断了${p.tools ? `；它正在写的工具调用（${p.tools}）没有执行` : ''}。`,
  'reply-filtered': () => '服务商的内容过滤器中止了这条回复。',
  'request-stopped': () => '已停止',
  'no-model-configured': () =>
    '还没有配置模型。请设置 IAS_LLM_BASE_URL、IAS_LLM_MODEL 和 IAS_LLM_API_KEY（任何兼容 OpenAI 的服务），或在设置中选择一个服务商。',
  'base-url-not-web-address': (p) =>
    `${p.where === 'env' ? 'IAS_LLM_BASE_URL' : '设置中的接口地址'}不是网址：“${p.value}”。请以 http:// 或 https:// 开头，例如 https://api.deepseek.com/v1。`,
  'model-without-tools': (p) => `模型 ${p.model} 不能使用工具，所以它会不借助技能直接回答。`,
  'tools-after-last-round': (p) =>
    `模型在 ${p.rounds} 轮工具调用之后仍在请求工具（${p.tools}），所以本轮没有回答就结束了。再发一条消息可以让它继续。`,
  'tools-not-offered': (p) => `模型只是请求了没有提供给它的工具（${p.tools}），所以本轮没有回答。`,
  'turn-failed': (p) => `本轮在 iAs 内部出错，没有完成。${why(p.detail)}`,
  'turn-cut-off': () => '本轮被中断了：iAs 在它结束之前停止了运行。',
  'model-answered': (p) => `${p.baseUrl} 上的 ${p.model} 已应答。`,
};
