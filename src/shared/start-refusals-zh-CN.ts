/**
 * How a refused start reads in 简体中文: over a secret's file (the approval key, the `ias serve`
 * access token; which file or folder, why, and what mends it, as the English of approval-key.ts
 * and serve-token.ts says), the data folder, or where `ias serve` was to listen (its lock, its
 * port, its host, as serve-lock.ts and server.ts say), or a database it cannot open (damaged and
 * moved aside, or written by a newer iAs, as core/store/database.ts and migrations.ts say). Plain
 * types and functions: no Node, no DOM.
 */
import { folderRefusalReason } from './folder-refusal-reasons.js';
import { shellWord } from './shell-word.js';
import type { UnsafeParentCode } from './unsafe-parents.js';

type FolderUnsafe = { file: string; unsafe: UnsafeParentCode };
type FileNotOwn = { file: string; uid: number };

/** A start refusal's code and parameters, as ApprovalKeyRefusedError and ServeTokenRefusedError carry them. */
export type StartRefusal =
  | { code: 'approval-key-folder-unsafe'; params: FolderUnsafe }
  | { code: 'serve-token-folder-unsafe'; params: FolderUnsafe }
  | { code: 'approval-key-file-not-own'; params: FileNotOwn }
  | { code: 'serve-token-file-not-own'; params: FileNotOwn }
  | { code: 'data-folder-not-folder'; params: { folder: string } }
  | { code: 'data-folder-unmakeable'; params: { folder: string; reason: string } }
  | { code: 'serve-already-running'; params: { pid: number; home: string } }
  | { code: 'serve-port-in-use'; params: { host: string; port: number } }
  | { code: 'serve-no-such-address'; params: { host: string } }
  /** The database file is damaged: moved aside to `keptAt`; `reason` is SQLite's own words. */
  | { code: 'database-damaged'; params: { file: string; keptAt: string; reason: string } }
  /** The database was written by a newer iAs (schema version `found`; this one knows up to `known`). */
  | { code: 'database-too-new'; params: { file: string; found: number; known: number } };

const OWN_FOLDER = '请把 iAs 的数据文件夹放在你自己的文件夹里（或用 IAS_HOME、--home 指定一个）。';

function inFolder(start: string, swap: string, unsafe: UnsafeParentCode): string {
  if (unsafe.code === 'parent-writable') {
    const { folder, mode } = unsafe.params;
    return `${start}所在的文件夹 ${folder} 可被其他用户修改（权限 ${mode}），${swap}。请用 \`chmod go-w ${shellWord(folder)}\` 让它只有你能写入。`;
  }
  if (unsafe.code === 'parent-other-owner') {
    const { folder, uid } = unsafe.params;
    return `${start}所在的文件夹 ${folder} 属于另一个用户（uid ${uid}），${swap}。${OWN_FOLDER}`;
  }
  const { folder, entry, uid } = unsafe.params;
  return `${start}位于共享文件夹 ${folder} 中属于另一个用户（uid ${uid}）的 ${entry} 里，${swap}。${OWN_FOLDER}`;
}

export function chineseStartRefusal(refusal: StartRefusal): string {
  if (refusal.code === 'serve-already-running') {
    const { pid, home } = refusal.params;
    return `另一个 \`ias serve\`（pid ${pid}）已在为 ${home} 运行；请先停止它`;
  }
  if (refusal.code === 'serve-port-in-use') {
    const { host, port } = refusal.params;
    return `${host} 上的端口 ${port} 已被占用；请用 --port 换一个（0 = 任意空闲端口）`;
  }
  if (refusal.code === 'serve-no-such-address') {
    return `无法在 ${refusal.params.host} 上监听：这台机器上没有这个地址`;
  }
  if (refusal.code === 'database-damaged') {
    const { file, keptAt, reason } = refusal.params;
    return `数据库 ${file} 已损坏（${reason}）。它已原样移到 ${keptAt}；再次打开数据库会新建一个空的数据库。损坏的副本会保留，可以用 sqlite3 的 ".recover" 命令查看或抢救。`;
  }
  if (refusal.code === 'database-too-new') {
    const { file, found, known } = refusal.params;
    return `数据库 ${file} 的结构版本是 ${found}，而这个版本的 iAs 只认识到 ${known}：它是由更新版本的 iAs 写入的。请更新 iAs 后再打开它。文件保持原样，没有改动。`;
  }
  if (refusal.code === 'data-folder-not-folder') {
    return `iAs 未启动：无法建立它的数据文件夹 ${refusal.params.folder}：那里（或它的上级路径中）是一个文件而不是文件夹。请用 IAS_HOME 或 --home 指定另一个文件夹，或移走那个文件。`;
  }
  if (refusal.code === 'data-folder-unmakeable') {
    const { folder, reason } = refusal.params;
    return `iAs 未启动：无法建立它的数据文件夹 ${folder}：系统拒绝了（${folderRefusalReason(reason, 'zh-CN')}）。请用 IAS_HOME 或 --home 指定另一个文件夹。`;
  }
  const approval = refusal.code.startsWith('approval-key');
  const start = `iAs 未启动：它的${approval ? '批准密钥' : '访问令牌'}文件 ${refusal.params.file} `;
  if (refusal.code === 'approval-key-file-not-own' || refusal.code === 'serve-token-file-not-own') {
    const { uid } = refusal.params;
    return approval
      ? `${start}属于另一个用户（uid ${uid}），他可能在里面放了自己知道的密钥。请删除它：iAs 随后会生成你自己的密钥（此前发出的确认码将不再有效）。`
      : `${start}属于另一个用户（uid ${uid}），他可能在里面放了自己知道的令牌。请运行 \`ias serve --new-token\`：iAs 会换上一个属于你自己的文件。`;
  }
  const swap = approval
    ? '他们可能把它换成自己知道的密钥，借此算出 iAs 发出的确认码'
    : '他们可能把它换成自己知道的令牌，借此访问 iAs';
  return inFolder(start, swap, refusal.params.unsafe);
}

const START_REFUSAL_CODES = new Set<string>([
  'approval-key-folder-unsafe',
  'approval-key-file-not-own',
  'serve-token-folder-unsafe',
  'serve-token-file-not-own',
  'data-folder-not-folder',
  'data-folder-unmakeable',
  'serve-already-running',
  'serve-port-in-use',
  'serve-no-such-address',
  'database-damaged',
  'database-too-new',
]);

/** The refusal `err` carries, when it is a start refused for one of the reasons above. */
export function startRefusalOf(err: unknown): StartRefusal | undefined {
  const code = (err as { messageCode?: { code?: unknown } } | null)?.messageCode;
  return typeof code?.code === 'string' && START_REFUSAL_CODES.has(code.code) ? (code as StartRefusal) : undefined;
}
