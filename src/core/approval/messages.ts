/** The words of the approval gate: to the owner (with the code) and to the model (never the code). */

export const ATTEMPTS = 3;
export const VALID_MINUTES = 5;

/** What the model sees when the owner refused (a cancel, or three wrong codes). */
export const refusedForModel = (skill: string) => `用户拒绝了你的调用：${skill}`;
/** What the model sees when nobody answered in time. */
export const unconfirmedForModel = (skill: string) => `用户没有确认操作：${skill}`;

const MAX_VALUE_CHARS = 1500;

/** The parameters one per line, long values cut with a note so nothing hides past the cut. */
export function readableParams(params: Record<string, unknown>): string {
  const keys = Object.keys(params);
  if (keys.length === 0) return '  （无 / none）';
  return keys
    .map((key) => {
      const value = params[key];
      let text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
      if (text.length > MAX_VALUE_CHARS) {
        text = `${text.slice(0, MAX_VALUE_CHARS)}…（共 ${text.length} 字，已截断；完整内容见 iAs 审计日志）`;
      }
      const indented = text.includes('\n') ? `\n    ${text.split('\n').join('\n    ')}` : ` ${text}`;
      return `  ${key}:${indented}`;
    })
    .join('\n');
}

export interface ApprovalText {
  skill: string;
  title: string;
  params: Record<string, unknown>;
  code?: string;
  /** Set when this approval replaces one whose skill changed while waiting. */
  skillChanged?: boolean;
}

/** The message that asks the owner. With a code for WeChat; without one for the in-app card. */
export function requestText(a: ApprovalText): string {
  const lines = [
    a.skillChanged
      ? '【iAs 需要你重新确认 · the skill changed, confirm again】'
      : '【iAs 需要你的确认 · approval needed】',
    `技能 Skill：${a.skill}${a.title && a.title !== a.skill ? `（${a.title}）` : ''}`,
    '参数 Parameters：',
    readableParams(a.params),
  ];
  if (a.code) {
    lines.push(
      `确认码 Code：${a.code}`,
      `回复确认码执行，回复 0 或 取消 以取消。${VALID_MINUTES} 分钟内有效，可尝试 ${ATTEMPTS} 次。`,
      `Reply the code to run it; 0 or 取消 to cancel. Valid ${VALID_MINUTES} minutes, ${ATTEMPTS} tries.`,
    );
  } else {
    lines.push(`请在 iAs 中批准或拒绝（${VALID_MINUTES} 分钟内有效）。Approve or reject it in iAs.`);
  }
  return lines.join('\n');
}

export const wrongCodeText = (left: number) => `确认码错误，还剩 ${left} 次`;
export const codeOnlyText = () =>
  '请只回复 6 位确认码本身来执行，回复 0 或 取消 以取消。Reply with the 6-digit code alone.';
export const rejectedText = (skill: string) => `已拒绝：${skill} 不会执行。Refused: ${skill} will not run.`;
export const cancelledText = (skill: string) => `已取消：${skill} 不会执行。Cancelled: ${skill} will not run.`;
export const expiredText = (skill: string) => `已过期：${skill} 没有执行。Expired: ${skill} did not run.`;
export const approvedText = (skill: string) => `已确认，正在执行：${skill}。Approved, running ${skill}.`;
export const reroutedText = (from: string) =>
  `${from === 'wechat' ? '微信' : from} 已断开，这个确认改由这里进行。${from} is not connected; this approval moved here.`;
export const noPendingText = () => '没有等待确认的操作。Nothing is waiting for approval.';
