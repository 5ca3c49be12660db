/**
 * How each reason a skill's secret setting is not used or saved (see skill-secrets.ts) reads in
 * 简体中文. Plain functions: no Node, no DOM.
 */
import { shellWord } from './shell-word.js';
import type { SkillSecretStrings } from './skill-secrets.js';

export const chineseSkillSecrets: SkillSecretStrings = {
  'skill-secret-folder-unsafe': ({ skill, setting, file, unsafe }) => {
    const start = `${skill} 的机密设置 ${setting} 保存在 ${file}，`;
    const swap = (who: string) => `${who}可能把它换成自己的值，因此 iAs 不会在那里使用或保存 ${setting}`;
    const own = `请把 iAs 的数据文件夹放在你自己的文件夹里（或把 IAS_HOME 设为这样的文件夹），然后重新设置 ${setting}。`;
    if (unsafe.code === 'parent-writable') {
      const { folder, mode } = unsafe.params;
      return `${start}其路径上的文件夹 ${folder} 可被其他用户修改（权限 ${mode}），${swap('他们')}。请用 \`chmod go-w ${shellWord(folder)}\` 让它只有你能写入，然后重新设置 ${setting}。`;
    }
    if (unsafe.code === 'parent-other-owner') {
      const { folder, uid } = unsafe.params;
      return `${start}其路径上的文件夹 ${folder} 属于另一个用户（uid ${uid}），${swap('他')}。${own}`;
    }
    const { folder, entry, uid } = unsafe.params;
    return `${start}其路径上的共享文件夹 ${folder} 中的 ${entry} 属于另一个用户（uid ${uid}），${swap('他')}。${own}`;
  },
  'skill-secret-file-not-own': (p) =>
    `${p.skill} 的机密设置 ${p.setting} 保存在 ${p.file}，该文件属于另一个用户（uid ${p.uid}），他可能在里面放了自己的值，因此 iAs 不会使用它。请重新设置 ${p.setting}：iAs 会用一个属于你的文件替换它。`,
  'skill-secret-file-open': (p) =>
    `${p.skill} 的机密设置 ${p.setting} 保存在 ${p.file}，其他用户也能读取该文件（权限 ${p.mode}），因此 iAs 不会使用它。请用 \`chmod 600 ${shellWord(p.file)}\` 把它设为只有你能读取，或重新设置 ${p.setting}。`,
};
