/** A request for approval says who asks: the chat, or the scheduled task whose run it is. */
import path from 'node:path';
import { expect, it } from 'vitest';
import { InProcessChannel } from '../../../src/core/approval/in-process-channel.js';
import { openRuntime } from '../../../src/core/runtime.js';
import { taskConversationId } from '../../../src/core/scheduler/task-runner.js';
import { CODE } from '../../helpers/gate.js';
import { onCleanup, tempDir } from '../../helpers/temp.js';

it('names the conversation that asked, or the scheduled task', async () => {
  const wechat = new InProcessChannel({ name: 'wechat', owner: 'wxid_owner' });
  const runtime = await openRuntime({
    home: tempDir('ias-asker-'),
    systemSkills: path.resolve('resources/skills'),
    channels: [wechat],
  });
  onCleanup(() => runtime.close());
  const ask = async (source: 'chat' | 'schedule', requestedBy: string) => {
    const sent = wechat.nextSent(CODE);
    const call = runtime.caller.call({ name: 'execute_shell', params: { command: 'df -h' }, source, requestedBy });
    const text = await sent;
    wechat.reply('0');
    expect((await call).status).toBe('refused');
    return text;
  };
  runtime.store.conversations.create('c1', 'free some disk space');
  expect(await ask('chat', 'c1')).toContain('来自 From：对话 chat “free some disk space”');

  const task = runtime.scheduler.create(
    { name: 'Disk report', prompt: 'Report the disk.', cron: '0 8 * * *' },
    { knownSkills: ['execute_shell'], createdBy: 'test' },
  );
  runtime.store.conversations.create(taskConversationId(task), `⏰ ${task.name}`);
  expect(await ask('schedule', taskConversationId(task))).toContain('来自 From：定时任务 scheduled task “Disk report”');
});
