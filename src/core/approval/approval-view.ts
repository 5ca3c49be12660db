/** What the UI, the CLI and the server's news may see of an approval: never the code, never its hash. */
import type { SkillOrigin } from '../../shared/approval-messages.js';
import type { ApprovalRow } from '../store/approvals-repo.js';

/** An approval as the UI may see it. */
export interface ApprovalView {
  id: string;
  skillName: string;
  params: unknown;
  status: ApprovalRow['status'];
  channel: string | null;
  createdAt: number;
  expiresAt: number | null;
  attemptsLeft: number;
  /** Whose skill it is (null for approvals recorded before this was kept). */
  skillOrigin: SkillOrigin | null;
}

/** The view of a stored approval: only the fields named here leave the core. */
export function approvalView(row: ApprovalRow): ApprovalView {
  return {
    id: row.id,
    skillName: row.skillName,
    params: JSON.parse(row.params) as unknown,
    status: row.status,
    channel: row.channel,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    attemptsLeft: row.attemptsLeft,
    skillOrigin: row.skillOrigin,
  };
}
