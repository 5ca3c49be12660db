/**
 * How each line about a turn (see turn-messages.ts) reads in 简体中文: what the UI in Chinese shows
 * and `ias chat` prints for a Chinese-speaking owner. A `detail` (the server's or the network's own
 * words) comes as it came, after the sentence that explains it. Plain functions: no Node, no DOM.
 */
import { shellWord } from './shell-word.js';
import { asSentence, type TurnMessageParams, type TurnMessageStrings } from './turn-messages.js';

/** No model to ask, and what to set; `orElse` says where else a provider is chosen (see noModelConfigured). */
export function chineseNoModelConfigured(p: TurnMessageParams['no-model-configured'], orElse: string): string {
  return p.missing === 'model'
    ? `还没有设置模型名称：请把 IAS_LLM_MODEL 设为服务上有的模型（例如 deepseek-chat，或 Ollama 上的 qwen2.5:7b），或${orElse}。`
    : p.missing === 'base-url'
      ? `还没有设置接口地址：请把 IAS_LLM_BASE_URL 设为服务的 OpenAI 兼容地址（例如 https://api.deepseek.com/v1，Ollama 则是 http://127.0.0.1:11434/v1），或${orElse}。`
      : `还没有配置模型。请设置 IAS_LLM_BASE_URL 和 IAS_LLM_MODEL（任何兼容 OpenAI 的服务；它需要密钥时，再设置 IAS_LLM_API_KEY），或${orElse}。`;
}

const said = (detail: string) => (detail ? `服务器返回：${detail}` : '');
/** How a call ended, in the app's words for it (its tool card's). */
const endedCall = { done: '完成', error: '失败', refused: '已拒绝', unconfirmed: '未确认' } as const;
const why = (detail: string) => (detail ? `详情：${detail}` : '');

export const chineseTurnMessages: TurnMessageStrings = {
  'api-key-refused': (p) =>
    `模型服务拒绝了 API 密钥（${p.status}）。请检查设置中的密钥或 IAS_LLM_API_KEY。${said(p.detail)}`,
  'api-key-missing': (p) =>
    `模型服务需要 API 密钥（${p.status}），但还没有设置：请设置 IAS_LLM_API_KEY，或在设置中填写密钥。${said(p.detail)}`,
  'api-key-for-other-server': (p) =>
    `模型服务需要 API 密钥（${p.status}）。已保存的密钥${p.keyFor ? `属于 ${p.keyFor}` : '还不属于任何服务'}，因此不会发送给 ${p.server}：请设置 IAS_LLM_API_KEY，或为这个服务保存一个密钥（在设置中，或用 \`ias provider set --key-stdin\`）。${said(p.detail)}`,
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
  'quota-exceeded': (p) =>
    `模型服务说这个账户的额度或余额已用完（${p.status}），请到服务商那里查看套餐和账单。${said(p.detail)}`,
  'server-error': (p) => `模型服务出错了（${p.status}）。${said(p.detail)}`,
  'request-rejected': (p) => `模型服务拒绝了这个请求（${p.status}）。${said(p.detail)}`,
  'tool-call-unreadable': (p) => `模型写出的工具调用无法被服务商解析，服务商因此丢弃了这次回复。${said(p.detail)}`,
  'server-answered': (p) => `模型服务返回了错误${p.status ? `（${p.status}）` : ''}。${said(p.detail)}`,
  'server-unreachable': (p) => {
    const reason =
      p.reason === 'refused'
        ? `${p.address} 上没有服务在监听：服务启动了吗？端口对吗？`
        : p.reason === 'ipv6-localhost'
          ? `localhost 指向了 ${p.address}（IPv6），那里没有服务在监听；只在 127.0.0.1 上监听的服务要用 ${p.url} 访问。`
          : p.reason === 'no-such-host'
            ? `找不到主机名 ${p.host}：请检查拼写，并确认这台电脑已联网。`
            : p.reason === 'no-name-server'
              ? `无法查询主机名 ${p.host}：没有域名服务器应答。这台电脑联网了吗？`
              : p.reason === 'not-https'
                ? `那里的服务不支持 https：普通 http 服务（本地服务通常如此）请使用 ${p.url}。`
                : p.reason === 'untrusted-certificate'
                  ? '它的 https 证书不受信任：如果证书由公司的代理或你自己的证书机构签发，请把 NODE_EXTRA_CA_CERTS 指向那个证书。'
                  : p.reason === 'blocked-port'
                    ? `iAs（和所有浏览器一样）从不连接端口 ${p.port}，因为它属于别的协议：请让模型服务改用其他端口，例如 8000。`
                    : '';
    // With no reason, the line ends with the detail: a sentence, as a retry's words follow it.
    return `无法连接位于 ${p.baseUrl} 的模型服务。${reason}${why(reason ? p.detail : asSentence(p.detail))}`;
  },
  'not-chat-completions': (p) =>
    p.kind === 'web-page'
      ? `${p.baseUrl} 返回的是一个网页${p.detail ? `（“${p.detail}”）` : ''}，而不是 Chat Completions 接口：这可能是某个网页界面的地址，或网络的登录页。请使用 API 的接口地址（通常以 /v1 结尾）。`
      : `位于 ${p.baseUrl} 的服务应答了，但没有给出回复（没有 "choices"）。请检查接口地址是否为 API 的地址（通常以 /v1 结尾），以及模型名称。${said(p.detail)}`,
  'server-timeout': (p) => `位于 ${p.baseUrl} 的模型服务没有及时响应。`,
  'still-waiting': (p) => `仍在等待模型服务应答（${p.seconds} 秒）…`,
  'stream-stalled': (p) => `模型服务中途停止发送回复：已经 ${p.seconds} 秒没有收到任何内容，所以放弃了这次回复。`,
  'stream-cut': (p) => `与模型的连接在回复中途断开了。${why(p.detail)}`,
  'api-key-unsendable': () =>
    'API 密钥中含有无法在请求中发送的字符（例如 NUL，存成 UTF-16 的密钥文件就会有），因此什么也没有发送。请在设置或 IAS_LLM_API_KEY 中重新设置密钥。',
  'api-key-flawed': (p) => {
    const subject = p.where === 'env' ? 'IAS_LLM_API_KEY ' : '已保存的 API 密钥';
    const flaw =
      p.reason === 'whitespace'
        ? '中间含有空格或换行，而 API 密钥中不会有这些'
        : '含有无法在请求中发送的字符（API 密钥只由字母、数字和标点组成；NUL 来自存成 UTF-16 的密钥文件）';
    const fix = p.where === 'env' ? '请把 IAS_LLM_API_KEY 设为密钥本身。' : '请在设置中重新保存密钥。';
    return `${subject}${flaw}，因此什么也没有发送。${fix}`;
  },
  'api-key-file-open': (p) =>
    `保存 API 密钥的文件 ${p.file} 其他用户也能读取（权限 ${p.mode}），因此 iAs 不会使用它。请用 \`chmod 600 ${shellWord(p.file)}\` 把它设为只有你能读取，或在设置中重新保存密钥。`,
  'api-key-file-not-own': (p) =>
    `保存 API 密钥的文件 ${p.file} 属于另一个用户（uid ${p.uid}），他可能在里面放了自己的密钥，因此 iAs 不会使用它。请在设置中重新保存你的密钥：iAs 会用一个属于你的文件替换它。`,
  'api-key-folder-unsafe': ({ file, unsafe }) => {
    const swap = (who: string) => `${who}可能把它换成存有自己密钥的文件，因此 iAs 不会在那里使用或保存 API 密钥`;
    const own = '请把 iAs 的数据文件夹放在你自己的文件夹里（或把 IAS_HOME 设为这样的文件夹），然后重新保存密钥。';
    if (unsafe.code === 'parent-writable') {
      const { folder, mode } = unsafe.params;
      return `保存 API 密钥的文件（${file}）所在路径上的文件夹 ${folder} 可被其他用户修改（权限 ${mode}），${swap('他们')}。请用 \`chmod go-w ${shellWord(folder)}\` 让它只有你能写入，然后重新保存密钥。`;
    }
    if (unsafe.code === 'parent-other-owner') {
      const { folder, uid } = unsafe.params;
      return `保存 API 密钥的文件（${file}）所在路径上的文件夹 ${folder} 属于另一个用户（uid ${uid}），${swap('他')}。${own}`;
    }
    const { folder, entry, uid } = unsafe.params;
    return `保存 API 密钥的文件（${file}）所在路径上的共享文件夹 ${folder} 中的 ${entry} 属于另一个用户（uid ${uid}），${swap('他')}。${own}`;
  },
  'stream-empty': () =>
    '模型服务结束了回复，却什么也没有发送。如果它在本机运行，它的日志可能会说明原因（常见的是提示超出了模型的上下文长度）。',
  'out-of-capacity': () => '模型服务商中止了回复：它的算力资源不足（insufficient system resource）。请稍后再试。',
  'reply-too-long': (p) =>
    `回复达到了模型的输出长度上限，被截断了${p.tools ? `；它正在写的工具调用（${p.tools}）没有执行` : ''}。`,
  'reply-filtered': () => '服务商的内容过滤器中止了这条回复。',
  'reply-only-thinking': () => '模型只进行了思考，没有给出回答。请再问一次，或发送新消息让它继续。',
  'reply-empty': () => '模型发来了一条空回复。请再问一次，或发送新消息让它继续。',
  'request-stopped': () => '已停止',
  'no-model-configured': (p) => chineseNoModelConfigured(p, '在设置中选择一个服务商'),
  'base-url-not-web-address': (p) => {
    const subject = {
      env: 'IAS_LLM_BASE_URL ',
      option: '--base-url ',
      settings: '设置中的接口地址',
      field: '接口地址',
    }[p.where];
    const endsAtPath = '接口地址应到路径为止，例如 https://api.deepseek.com/v1。';
    switch (p.reason) {
      case 'whitespace':
        return `${subject}含有空格或换行：“${p.value}”。接口地址中不能有空白，例如 https://api.deepseek.com/v1。`;
      case 'credentials':
        return `${subject}含有用户名或密码：“${p.value}”。请把它们去掉：API 密钥单独填写，不放在地址里。`;
      case 'query':
        return `${subject}含有查询参数（?…）：“${p.value}”。${endsAtPath}`;
      case 'fragment':
        return `${subject}含有片段（#…）：“${p.value}”。${endsAtPath}`;
      case 'endpoint':
        return `${subject}是完整的接口端点：“${p.value}”。接口地址应在 /chat/completions 之前结束：请使用 ${p.url}。`;
      default:
        return `${subject}不是网址：“${p.value}”。请以 http:// 或 https:// 开头，例如 https://api.deepseek.com/v1。`;
    }
  },
  'model-without-tools': (p) => `模型 ${p.model} 不能使用工具，所以它会不借助技能直接回答。`,
  'tools-after-last-round': (p) =>
    `模型在 ${p.rounds} 轮工具调用之后仍在请求工具（${p.tools}），所以本轮没有回答就结束了。再发一条消息可以让它继续。`,
  'calls-ended-after-reply': (p) =>
    `以下在后台运行的调用在这条回复之后才结束：${p.calls.map((c) => `${c.name}（${endedCall[c.status]}）`).join('、')}。`,
  'tools-not-offered': (p) => `模型只是请求了没有提供给它的工具（${p.tools}），所以本轮没有回答。`,
  'task-skills-missing': (p) =>
    `这个任务可以使用的技能中，有的本次运行没有，所以运行时没有使用它们：${[
      ...p.deleted.map((name) => `${name}（已删除，或已无法加载）`),
      ...p.off.map((name) => `${name}（已在“技能”中关闭）`),
    ].join('、')}。`,
  'turn-failed': (p) => `本轮在 iAs 内部出错，没有完成。${why(p.detail)}`,
  'turn-cut-off': () => '本轮被中断了：iAs 在它结束之前停止了运行。',
  'conversation-deleted': () => '这个对话已被删除，所以之后的内容都没有保存。新发的消息会开始一个新对话。',
  'model-answered': (p) => `${p.baseUrl} 上的 ${p.model} 已应答。`,
};
