/**
 * The lines `ias serve` says on its terminal when clients ask past its limits (see
 * server/refusal-notice.ts), in English and 简体中文.
 */
import type { Locale } from './locale.js';

export interface ServerNoticeWords {
  connectionsAnswered503: (limit: number) => string;
  connectionsDropped: (open: number) => string;
  socketsClosed: (limit: number) => string;
  /** A line said again after an interval, with how many went unsaid since. */
  withUnsaid: (line: string, unsaid: number) => string;
}

export const serverNoticeWords: Record<Locale, ServerNoticeWords> = {
  en: {
    connectionsAnswered503: (limit) => `too many connections (the limit is ${limit}): new ones are answered 503`,
    connectionsDropped: (open) => `too many connections (${open} open): new ones are dropped unanswered`,
    socketsClosed: (limit) =>
      `too many WebSocket clients (the limit is ${limit}): new ones are closed at once with 1013 (try again later)`,
    withUnsaid: (line, unsaid) => `${line} (and ${unsaid} more since the last such line)`,
  },
  'zh-CN': {
    connectionsAnswered503: (limit) => `连接太多（上限为 ${limit}）：新的连接将得到 503 答复`,
    connectionsDropped: (open) => `连接太多（已打开 ${open} 个）：新的连接将被直接丢弃，不予答复`,
    socketsClosed: (limit) => `WebSocket 客户端太多（上限为 ${limit}）：新的连接将立即以 1013 关闭（请稍后再试）`,
    withUnsaid: (line, unsaid) => `${line}（自上一条同类消息以来另有 ${unsaid} 次）`,
  },
};
