/**
 * What the approval gate tells the owner (a call waits; it was approved, refused, cancelled or
 * expired), read from its codes in English: the app's toasts and the desktop's native notifications.
 * Plain data and functions: no Node, no DOM.
 */
import type { ApprovalMessageStrings, NotedOrigin } from './approval-messages.js';

/** The lines given, one per line (the empty ones left out). */
export const lines = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join('\n');

/** Where an approval can go, by the channel's name. */
export const englishChannelNames: Record<string, string> = {
  wechat: 'WeChat',
  desktop: 'this computer',
  terminal: 'terminal',
  'in-process': 'this app',
  'in-app': 'this app',
  web: 'web UI',
};

/**
 * The line of an approval whose skill is a user skill in a shipped one's name (not the shipped one),
 * or a skill of the owner's not reviewed at this version.
 */
export const englishApprovalOrigins: Record<NotedOrigin, (skill: string) => string> = {
  'user-override-unreviewed': (skill) =>
    `Not the built-in ${skill}: an unreviewed skill of that name in your skills folder, given the built-in one's settings and secrets.`,
  'user-override': (skill) => `Your own version of ${skill} (reviewed; it replaces the built-in one).`,
  'user-unreviewed': (skill) =>
    `${skill} is a low-risk skill you have not reviewed, so it runs as high risk (each call asks you) until you do: review it on the Skills page, or with ias skills review ${skill}.`,
  'user-high-unreviewed': (skill) =>
    `You have not reviewed ${skill} at this version: it was put in your skills folder or changed outside iAs, so look at what it does before you approve it: review it on the Skills page, or with ias skills review ${skill}.`,
};

export const englishApprovalMessages: ApprovalMessageStrings = {
  'approval-needed': (p) => ({
    title: p.again ? 'Approval needed again: the skill changed' : 'Approval needed',
    body: lines(
      p.movedFrom && `${englishChannelNames[p.movedFrom] ?? p.movedFrom} is not connected; this approval moved here.`,
      p.title ? `${p.skill} (${p.title})` : p.skill,
      p.origin && englishApprovalOrigins[p.origin](p.skill),
      p.from &&
        (p.from.kind === 'task'
          ? `Asked by the scheduled task “${p.from.title}”`
          : `Asked in the chat “${p.from.title}”`),
      p.params,
      `Approve or reject it in iAs within ${p.validMinutes} minutes.`,
    ),
  }),
  'approval-approved': (p) => ({ title: `Approved, running ${p.skill}.` }),
  'approval-rejected': (p) => ({ title: `Refused: ${p.skill} will not run.` }),
  'approval-cancelled': (p) => ({ title: `Cancelled: ${p.skill} will not run.` }),
  'approval-expired': (p) => ({ title: `Expired: ${p.skill} did not run.` }),
};
