/**
 * Which open approval belongs to which tool call. Approvals do not name their conversation, so a
 * call still in progress (running, or gone to the background) claims an open approval of the same
 * skill, preferring one whose parameters are the call's arguments. Each approval goes to one card.
 */
import type { ApprovalInfo } from '../../shared/contract.js';
import { isOpen } from '../approvals/ApprovalsProvider.js';
import type { Item, ToolView } from './transcript.js';

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function argumentsOf(tool: ToolView): string | undefined {
  try {
    return canonical(tool.arguments.trim() ? JSON.parse(tool.arguments) : {});
  } catch {
    return undefined;
  }
}

/** tool call id → its open approval. */
export function matchApprovals(items: Item[], approvals: ApprovalInfo[]): Map<string, ApprovalInfo> {
  const open = approvals.filter(isOpen).sort((a, b) => a.createdAt - b.createdAt);
  const matches = new Map<string, ApprovalInfo>();
  if (open.length === 0) return matches;
  const waiting = items.flatMap((item) =>
    item.kind === 'assistant'
      ? item.parts.flatMap((p) =>
          p.type === 'tool' && (p.tool.status === 'running' || p.tool.status === 'background') ? [p.tool] : [],
        )
      : [],
  );
  const taken = new Set<string>();
  const claim = (exact: boolean) => {
    for (const tool of waiting) {
      if (matches.has(tool.id)) continue;
      const args = argumentsOf(tool);
      const approval = open.find(
        (a) =>
          !taken.has(a.id) &&
          a.skillName === tool.name &&
          (!exact || (args !== undefined && canonical(a.params) === args)),
      );
      if (approval) {
        matches.set(tool.id, approval);
        taken.add(approval.id);
      }
    }
  };
  claim(true);
  claim(false);
  return matches;
}
