/** Sends each scheduled run's result to the owner: WeChat when it is connected, else a notification. */
import type { WechatService } from '../channels/wechat-service.js';
import { splitForWechat } from '../channels/wechat-text.js';
import type { TaskRunNews } from '../../shared/contract.js';
import type { ScheduledTask } from '../store/tasks-repo.js';
import type { TaskRunOutcome, TaskScheduler } from './scheduler.js';

export interface DeliveryTargets {
  wechat?: WechatService;
  /** `task`: which run this is, for a UI that says it in its own language. */
  notify(title: string, body: string, task: TaskRunNews): void;
  /** Told where a result went, or why it could not go to WeChat. */
  log?: (message: string) => void;
}

/** Starts delivering; returns the function that stops it. */
export function deliverTaskResults(scheduler: TaskScheduler, targets: DeliveryTargets): () => void {
  const onRan = (task: ScheduledTask, outcome: TaskRunOutcome) => {
    // WeChat and the platform's notifier get both languages, as approval messages do.
    const title = outcome.success ? `⏰ ${task.name}` : `⏰ ${task.name}：运行失败 / failed`;
    void (async () => {
      const wechat = targets.wechat;
      if (wechat && wechat.status().state === 'logged-in' && wechat.settings.owner()) {
        try {
          for (const piece of splitForWechat(`${title}\n\n${outcome.text}`)) await wechat.channel.sendToOwner(piece);
          return;
        } catch (err) {
          targets.log?.(
            `the result of "${task.name}" could not go to WeChat (${(err as Error).message}); notifying instead`,
          );
        }
      }
      targets.notify(title, outcome.text, {
        id: task.id,
        name: task.name,
        status: outcome.success ? 'done' : 'failed',
      });
    })();
  };
  scheduler.on('ran', onRan);
  return () => scheduler.off('ran', onRan);
}
