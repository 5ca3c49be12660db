/** `ias --version` (and -V): the version of iAs, from package.json, said in either language's help. */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ias } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string };

describe('ias --version', () => {
  it('prints the version from package.json, one line, and exits 0; -V too', () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    for (const flag of ['--version', '-V']) {
      expect(ias(['--home', tempDir('ias-home-'), flag]), flag).toEqual({
        status: 0,
        stdout: `${version}\n`,
        stderr: '',
      });
    }
  });

  it('is in `ias --help`, in English and in 简体中文', () => {
    const english = ias(['--home', tempDir('ias-home-'), '--help']).stdout;
    expect(english).toMatch(/\n {2}-V, --version +print the version of iAs\n/);
    const chinese = ias(['--home', tempDir('ias-home-'), '--help'], { LANG: 'zh_CN.UTF-8' }).stdout;
    expect(chinese).toMatch(/\n {2}-V, --version +显示 iAs 的版本\n/);
  });
});
