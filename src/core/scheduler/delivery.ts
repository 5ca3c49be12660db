/** Sends each scheduled run's result to the owner: WeChat when it is connected, else a notification. */
import type { WechatService } from '../channels/wechat-service.js';
import { imitationWarning } from '../channels/wechat-replies.js';
import { markdownToPlain, modelReplyPieces } from '../channels/wechat-text.js';
import type { TaskRunNews } from '../../shared/contract.js';
import type { Locale } from '../../shared/locale.js';
import { sayTaskResult } from '../../shared/task-results.js';
import { chineseTaskResults } from '../../shared/task-results-zh-CN.js';
import type { ScheduledTask } from '../store/tasks-repo.js';
import type { TaskRunOutcome, TaskScheduler } from './scheduler.js';

export interface DeliveryTargets {
  wechat?: WechatService;
  /** `task`: which run this is, for a UI that says it in its own language. */
  notify(title: string, body: string, task: TaskRunNews): void;
  /** Told where a result went, or why it could not go to WeChat. */
  log?: (message: string) => void;
  /** The owner's language, for WeChat (English when not given). */
  locale?: () => Locale;
}

/**
 * A run's result as WeChat sends it: title and text in the owner's language, a reply's markdown
 * made plain text as a chat reply's is.
 */
export function wechatWords(locale: Locale, task: ScheduledTask, outcome: TaskRunOutcome): string {
  const said = locale === 'zh-CN' ? sayTaskResult(chineseTaskResults, outcome.text, outcome.code) : outcome.text;
  const text = outcome.success ? markdownToPlain(said) : said;
  if (locale !== 'zh-CN') return `⏰ ${task.name}${outcome.success ? '' : ': failed'}\n\n${text}`;
  return `⏰ ${task.name}${outcome.success ? '' : '：运行失败'}\n\n${text}`;
}

/** Starts delivering; returns the function that stops it. */
export function deliverTaskResults(scheduler: TaskScheduler, targets: DeliveryTargets): () => void {
  const onRan = (task: ScheduledTask, outcome: TaskRunOutcome) => {
    // The event's title in both languages; WeChat, and the platform's notifier, say it in the owner's.
    const title = outcome.success ? `⏰ ${task.name}` : `⏰ ${task.name}：运行失败 / failed`;
    void (async () => {
      const wechat = targets.wechat;
      if (wechat && wechat.status().state === 'logged-in' && wechat.settings.owner()) {
        try {
          const locale = targets.locale?.() ?? 'en';
          // Words iAs did not write (the model's reply, a task it named, a provider's error), in the
          // chat of approval requests: under a warning when they look like iAs's own.
          const warning = imitationWarning(locale, outcome.success ? 'model' : 'error');
          const pieces = modelReplyPieces(wechatWords(locale, task, outcome), warning);
          for (const piece of pieces) await wechat.channel.sendToOwner(piece);
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
        ...(outcome.code ? { resultCode: outcome.code } : {}),
      });
    })();
  };
  scheduler.on('ran', onRan);
  return () => scheduler.off('ran', onRan);
}
