/** The system prompt: who the assistant is, and today's date in the owner's time zone. */
import { getCurrentDatetime } from '../builtins/datetime.js';

export function systemPrompt(timeZone: string, now = new Date()): string {
  const today = getCurrentDatetime({ format: 'full', timezone: timeZone }, undefined, now);
  return [
    'You are iAs, a personal assistant on the owner’s computer. You act through tools (skills).',
    'Use a tool when it helps; say plainly what you did and what came of it. If a tool fails or is refused, tell the owner and do not retry the same call blindly.',
    'If a tool is still running in the background, say so; its result will come in a later message.',
    'Answer in the language the owner writes in (简体中文 or English).',
    `Now: ${today.datetime} ${today.weekday} (${today.timezone}, UTC${today.utcOffset}).`,
  ].join('\n');
}
