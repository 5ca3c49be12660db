/**
 * A damaged database found by a command: the peeks for the command's language (help, `ias audit`,
 * `ias skills check`) leave it where it is, and the command's own opening moves it aside and says
 * where, with a non-zero exit — never an empty audit log as if nothing had happened.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ias } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

/** A data folder whose database has garbage over some pages, its header left intact. */
function damagedHome(): { dir: string; database: string; bytes: Buffer } {
  const dir = tempDir('ias-home-');
  expect(ias(['skills', 'run', 'get_current_datetime', '--home', dir]).status).toBe(0);
  const database = path.join(dir, 'ias.db');
  const bytes = fs.readFileSync(database);
  expect(bytes.length).toBeGreaterThan(24576);
  bytes.fill(0x5a, 4096, 24576);
  fs.writeFileSync(database, bytes);
  return { dir, database, bytes };
}

function damagedCopies(dir: string): string[] {
  return fs.readdirSync(dir).filter((name) => name.startsWith('ias.db.damaged-') && name.endsWith('Z'));
}

describe('a damaged database', () => {
  it('is left in place by help and skills check, then reported by ias audit with where it was kept', () => {
    const h = damagedHome();
    expect(ias(['--help', '--home', h.dir]).status).toBe(0);
    expect(ias(['audit', '--help', '--home', h.dir]).status).toBe(0);
    expect(ias(['skills', 'check', path.join(h.dir, 'nothing-here'), '--home', h.dir]).status).toBe(1);
    expect(damagedCopies(h.dir)).toEqual([]);
    expect(fs.readFileSync(h.database).equals(h.bytes)).toBe(true);

    const audit = ias(['audit', '--json', '--home', h.dir]);
    expect(audit.status).toBe(1);
    expect(audit.stdout).toBe('');
    const [copy] = damagedCopies(h.dir);
    expect(copy).toBeDefined();
    expect(audit.stderr).toContain('is damaged');
    expect(audit.stderr).toContain(path.join(h.dir, copy!));
    expect(fs.readFileSync(path.join(h.dir, copy!)).equals(h.bytes)).toBe(true);
  });

  it('is said in the owner’s language: the system’s, as the damaged database cannot say', () => {
    const h = damagedHome();
    const tasks = ias(['tasks', '--home', h.dir], { LANG: 'zh_CN.UTF-8' });
    expect(tasks.status).toBe(1);
    expect(tasks.stdout).toBe('');
    const [copy] = damagedCopies(h.dir);
    expect(tasks.stderr).toMatch(new RegExp(`^错误：数据库 ${h.database} 已损坏（.+）。`));
    expect(tasks.stderr).toContain(`已原样移到 ${path.join(h.dir, copy!)}`);
    expect(tasks.stderr).not.toContain('is damaged');
  });

  it('written by a newer iAs: said in the owner’s language, the file left as it was', () => {
    const dir = tempDir('ias-home-');
    expect(ias(['audit', '--home', dir]).status).toBe(0);
    const database = path.join(dir, 'ias.db');
    const db = new Database(database);
    db.pragma('user_version = 999');
    db.close();
    const audit = ias(['audit', '--home', dir], { LANG: 'zh_CN.UTF-8' });
    expect(audit.status).toBe(1);
    expect(audit.stderr).toMatch(
      new RegExp(`^错误：数据库 ${database} 的结构版本是 999，而这个版本的 iAs 只认识到 \\d+`),
    );
    expect(audit.stderr).not.toContain('schema version');
    expect(damagedCopies(dir)).toEqual([]);
  });

  it('makes ias chat --json print its error as JSON on stdout', () => {
    const h = damagedHome();
    const chat = ias(['chat', 'hello', '--json', '--home', h.dir]);
    expect(chat.status).toBe(1);
    const answer = JSON.parse(chat.stdout) as { error: string };
    const [copy] = damagedCopies(h.dir);
    expect(answer.error).toContain('is damaged');
    expect(answer.error).toContain(path.join(h.dir, copy!));
    expect(chat.stderr).toContain('is damaged');
  });

  it('makes ias chat --json say it in the owner’s language on stdout too, as on stderr', () => {
    const h = damagedHome();
    const chat = ias(['chat', 'hello', '--json', '--home', h.dir], { LANG: 'zh_CN.UTF-8' });
    expect(chat.status).toBe(1);
    const answer = JSON.parse(chat.stdout) as { error: string };
    const [copy] = damagedCopies(h.dir);
    expect(answer.error).toMatch(new RegExp(`^数据库 ${h.database} 已损坏（.+）。`));
    expect(answer.error).toContain(`已原样移到 ${path.join(h.dir, copy!)}`);
    expect(chat.stderr).toBe(`错误：${answer.error}\n`);
  });
});
