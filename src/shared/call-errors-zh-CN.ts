/** How each call error (see call-errors.ts) reads in 简体中文. Plain functions: no Node, no DOM. */
import type { CallErrorStrings } from './call-errors.js';

export const chineseCallErrors: CallErrorStrings = {
  'call-refused': () => '未执行：你拒绝了调用（取消，或确认码错三次）。',
  'call-refused-at-terminal': () => '未执行：你在终端拒绝了调用。',
  'call-refused-in-app': () => '未执行：你在确认卡片上拒绝了调用。',
  'call-unconfirmed': () => '未执行：确认已过期，没有收到回复。',
  'call-paused': () => '未执行：高风险技能已暂停。',
  'call-no-channel': () => '未执行：它需要你的确认，但没有设置确认渠道。',
  'call-cancelled': (p, told) =>
    ({
      'shutting-down': '未执行：等待确认时 iAs 关闭了。',
      'closed-elsewhere': '未执行：另一个 iAs 进程关闭了它的确认。',
      'skill-removed': '未执行：等待确认时该技能被删除了。',
      'no-channel': '未执行：没有能联系到你的确认渠道。',
      stopped: '未执行：确认之前调用已被停止。',
      'skill-changed': '未执行：你确认之后、开始运行之前，该技能被修改了。',
    })[p.cause] ?? told,
  'call-secret-refused': () =>
    '未执行：该技能的一项机密设置保存在其他用户能修改或读取的位置；技能的设置中写明了是哪一项以及如何修复。',
};
