/**
 * `ias serve` says its terminal lines in the owner's language: how to open and stop it, its
 * warnings, and the skills' load problems, at start-up and after a hot reload. The ready line on
 * stdout stays as it is in every language (scripts read it). A real process, real skill files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { bundledRendererDir } from '../../src/cli/serve-action.js';
import { dataPaths } from '../../src/core/paths.js';
import { scriptSkill, tempDir, writeSkill } from '../helpers/temp.js';
import { killIfRunning, startServe, stderrShows, type ServeProcess } from '../server/serve-process.js';

let running: ServeProcess | undefined;
afterEach(async () => {
  await killIfRunning(running);
  running = undefined;
});

const READY = /^iAs is ready at http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{43}\n$/;
const uiBuilt = () => fs.existsSync(path.join(bundledRendererDir(), 'index.html'));

/** SIGTERM, then what it said once it has said it is stopping and has exited. */
async function stopSaying(serve: ServeProcess, line: string): Promise<string> {
  serve.child.kill('SIGTERM');
  await stderrShows(serve, line);
  expect(await serve.exited).toEqual({ code: 0, signal: null });
  return serve.stderr();
}

it.runIf(process.platform !== 'win32')(
  'ias serve says its lines and the skills’ problems in 简体中文 under a Chinese system, the ready line as ever',
  async () => {
    const home = tempDir('ias-serve-language-');
    const { userSkills } = dataPaths(home);
    const broken = writeSkill(userSkills, 'broken', scriptSkill({ script: 'echo', risk: 'Perhaps' }));
    const brokenFile = path.join(broken, 'SKILL.md');
    const greet = writeSkill(userSkills, 'greet', scriptSkill({ script: './scripts/run.sh' }));
    fs.mkdirSync(path.join(greet, 'scripts'));
    fs.writeFileSync(path.join(greet, 'scripts', 'run.sh'), 'echo hi\n', { mode: 0o644 });
    const greetFile = path.join(greet, 'SKILL.md');

    // 0.0.0.0 is no loopback address: the warning that the network can reach iAs.
    running = await startServe(['--host', '0.0.0.0', '--port', '0', '--no-wechat', '--home', home], {
      LANG: 'zh_CN.UTF-8',
    });
    expect(running.stdout()).toMatch(READY);
    await stderrShows(
      running,
      `警告：已跳过 ${brokenFile}:7：无法识别的风险等级“Perhaps”（“## Risk Level”）：请写 Low 或 High\n`,
    );
    await stderrShows(running, `警告：${greetFile}:12：脚本运行了“./scripts/run.sh”，但这个文件没有执行权限`);
    await stderrShows(running, '警告：正在 0.0.0.0 上监听：你网络中任何拿到链接的人都能通过未加密的 HTTP 访问 iAs。\n');
    await stderrShows(running, '请在浏览器中打开它。按 Ctrl+C 停止 iAs。\n');
    if (!uiBuilt())
      await stderrShows(running, `警告：界面尚未构建（${bundledRendererDir()}）；请运行 \`npm run build\`。`);

    // The owner mends the broken skill: said so in the same language.
    fs.writeFileSync(brokenFile, scriptSkill({ script: 'echo' }));
    await stderrShows(running, `已修复：broken 已重新加载（${brokenFile}）\n`);

    const said = await stopSaying(running, '\n正在停止（SIGTERM）…\n');
    expect(said).not.toMatch(/warning|skipped|fixed|loads again|Open it|Stopping|not executable|unknown risk/);
  },
);

it('ias serve keeps its lines in English under an English system', async () => {
  const home = tempDir('ias-serve-language-');
  running = await startServe(['--port', '0', '--no-wechat', '--home', home]);
  await stderrShows(running, 'Open it in your browser. Ctrl+C stops iAs.\n');
  if (!uiBuilt())
    await stderrShows(running, `warning: the UI is not built (${bundledRendererDir()}); run \`npm run build\``);
  const said = await stopSaying(running, '\nStopping (SIGTERM)…\n');
  expect(said).not.toMatch(/[\u4e00-\u9fff]/);
});
