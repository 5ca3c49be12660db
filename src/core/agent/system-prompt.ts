/** The system prompt: who the assistant is, and today's date in the owner's time zone. */
import { getCurrentDatetime } from '../builtins/datetime.js';

/** The last prompt made: it only changes with the second it tells (or the time zone). */
let last: { timeZone: string; second: number; text: string } | undefined;

export function systemPrompt(timeZone: string, now = new Date()): string {
  const second = Math.floor(now.getTime() / 1000);
  if (last?.second === second && last.timeZone === timeZone) return last.text;
  const today = getCurrentDatetime({ format: 'full', timezone: timeZone }, undefined, now);
  const text = [
    'You are iAs, a personal assistant on the owner’s computer. You act through tools (skills).',
    'Use a tool when it helps; say plainly what you did and what came of it. If a tool fails or is refused, tell the owner and do not retry the same call blindly.',
    'If a tool is still running in the background, say so; its result will come in a later message.',
    'Answer in the language the owner writes in (简体中文 or English).',
    `Now: ${today.datetime} ${today.weekday} (${today.timezone}, UTC${today.utcOffset}).`,
  ].join('\n');
  last = { timeZone, second, text };
  return text;
}
