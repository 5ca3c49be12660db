/**
 * How each reason a folder above the script cache is refused (see unsafe-parents.ts) reads in
 * 简体中文. Plain functions: no Node, no DOM.
 */
import type { UnsafeParentStrings } from './unsafe-parents.js';

export const chineseUnsafeParents: UnsafeParentStrings = {
  'parent-writable': (p) =>
    `脚本缓存所在路径上的文件夹 ${p.folder} 可被其他用户修改（权限 ${p.mode}），他们可能调换 iAs 运行的脚本：请让它只有你能写入（chmod go-w）`,
  'parent-other-owner': (p) =>
    `脚本缓存所在路径上的文件夹 ${p.folder} 属于另一个用户（uid ${p.uid}），他可能调换 iAs 运行的脚本：请把数据文件夹放在你自己的文件夹里`,
  'parent-sticky-entry-other': (p) =>
    `脚本缓存所在路径上的共享文件夹 ${p.folder} 中的 ${p.entry} 属于另一个用户（uid ${p.uid}），他可能调换 iAs 运行的脚本：请把数据文件夹放在你自己的文件夹里`,
};
