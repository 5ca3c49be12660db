/** `ias serve` with a bad --port or --host: said in the owner's language, exit 2, nothing started. */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ias } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

describe('ias serve, told where to listen wrongly', () => {
  it('says a bad --port or an empty --host in the owner’s language, exits 2 and starts nothing', () => {
    const home = tempDir('ias-serve-options-');
    const said = (args: string[], env: Record<string, string> = {}) => {
      const run = ias(['serve', ...args, '--no-wechat', '--home', home], env);
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      return run.stderr;
    };
    expect(said(['--port', '65536'])).toBe('error: --port must be a number from 0 to 65535, not "65536"\n');
    expect(said(['--port', 'http'])).toBe('error: --port must be a number from 0 to 65535, not "http"\n');
    expect(said(['--port', '0', '--host', ' '])).toBe('error: --host must not be empty\n');
    const chinese = { LANG: 'zh_CN.UTF-8' };
    expect(said(['--port', '99999'], chinese)).toBe('错误：--port 须为 0 到 65535 之间的数字，而不是“99999”\n');
    expect(said(['--port', '0', '--host', ''], chinese)).toBe('错误：--host 不能为空\n');
    // No lock, no token, no database.
    expect(fs.readdirSync(home)).toEqual([]);
  });
});
