/**
 * Why the system refused to make a folder, from its error code, as a person reads it. Plain
 * functions: no Node, no DOM.
 */
const REASONS: Record<string, { en: string; 'zh-CN': string }> = {
  EACCES: { en: 'permission denied', 'zh-CN': '没有权限' },
  EPERM: { en: 'operation not permitted', 'zh-CN': '不允许这样操作' },
  EROFS: { en: 'the file system is read-only', 'zh-CN': '文件系统是只读的' },
  ENOSPC: { en: 'no space is left on the disk', 'zh-CN': '磁盘空间已满' },
  // A parent that is there, yet takes no folder (/proc, /sys).
  ENOENT: { en: 'no folder can be made there', 'zh-CN': '那里不能建立文件夹' },
  ENAMETOOLONG: { en: 'the name is too long', 'zh-CN': '名称太长' },
};

/** The reason for `code` (an errno code such as EACCES) in `locale`; an unknown code as it is. */
export function folderRefusalReason(code: string, locale: 'en' | 'zh-CN'): string {
  const words = REASONS[code];
  return words ? `${words[locale]}${locale === 'zh-CN' ? '，' : ', '}${code}` : code;
}
