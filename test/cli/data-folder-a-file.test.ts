/**
 * A data folder that cannot be made, as a file stands where it (or a parent) should be: every
 * command, `ias serve` included, says so in the owner's language and what to do, with no errno text.
 * Also one the system will not make (under /proc, where Node's own recursive mkdir never ends).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ias } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

function fileInPlace(): string {
  const file = path.join(tempDir('ias-home-file-'), 'home');
  fs.writeFileSync(file, 'not a folder');
  return file;
}

describe('a data folder in the place of a file', () => {
  it.each([
    ['the folder itself is a file', (file: string) => file],
    ['a parent is a file', (file: string) => path.join(file, 'sub')],
  ])('is refused with what to do when %s, by every command', (_, home) => {
    const dir = home(fileInPlace());
    for (const args of [['tasks'], ['skills', 'list'], ['audit'], ['serve', '--no-wechat', '--port', '0']]) {
      const run = ias([...args, '--home', dir]);
      expect(run.status, args.join(' ')).toBe(1);
      expect(run.stderr).toBe(
        `error: iAs did not start: its data folder ${dir} cannot be made: a file, not a folder, is there or in the ` +
          'place of one of its parents. Choose another folder with IAS_HOME or --home, or move that file.\n',
      );
    }
  });

  it('says it in 简体中文 with LANG=zh_CN.UTF-8', () => {
    const dir = fileInPlace();
    const run = ias(['tasks', '--home', dir], { LANG: 'zh_CN.UTF-8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      `错误：iAs 未启动：无法建立它的数据文件夹 ${dir}：那里（或它的上级路径中）是一个文件而不是文件夹。请用 IAS_HOME 或 --home 指定另一个文件夹，或移走那个文件。\n`,
    );
    expect(fs.readFileSync(dir, 'utf8')).toBe('not a folder');
  });
});

describe.runIf(process.platform === 'linux' && fs.existsSync('/proc/self'))(
  'a data folder the system will not make',
  () => {
    it.each([['/proc/ias-home'], ['/proc/ias-home/sub']])('%s is refused with the reason, in both languages', (dir) => {
      for (const args of [['tasks'], ['serve', '--no-wechat', '--port', '0']]) {
        const run = ias([...args, '--home', dir]);
        expect(run.status, args.join(' ')).toBe(1);
        expect(run.stderr).toBe(
          `error: iAs did not start: its data folder ${dir} cannot be made: the system refused (no folder can be ` +
            'made there, ENOENT). Choose another folder with IAS_HOME or --home.\n',
        );
      }
      const chinese = ias(['tasks', '--home', dir], { LANG: 'zh_CN.UTF-8' });
      expect(chinese.status).toBe(1);
      expect(chinese.stderr).toBe(
        `错误：iAs 未启动：无法建立它的数据文件夹 ${dir}：系统拒绝了（那里不能建立文件夹，ENOENT）。请用 IAS_HOME 或 --home 指定另一个文件夹。\n`,
      );
    });
  },
);
