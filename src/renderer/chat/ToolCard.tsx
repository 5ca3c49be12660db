/** One tool call in a reply: the skill, its arguments, its status; the result when expanded. */
import { useId, useState } from 'react';
import type { ApprovalInfo, ToolCallStatus } from '../../shared/contract.js';
import { sayToolError } from '../../shared/tool-errors.js';
import { useT } from '../i18n.js';
import { inlinePreview, parseMaybeJson } from '../ui/format.js';
import { Icon, type IconName } from '../ui/icons.js';
import { CodeBlock } from '../ui/CodeBlock.js';
import { Spinner } from '../ui/Spinner.js';
import { ApprovalCard, channelLabel } from './ApprovalCard.js';
import type { ToolView } from './transcript.js';

/** The error the model was told (a refusal's words, or the result's `error`). */
function toldError(result: unknown): string {
  if (typeof result === 'string') return result;
  const error = (result as { error?: unknown } | null)?.error;
  return typeof error === 'string' ? error : '';
}

const STATUS_ICON: Partial<Record<ToolCallStatus, IconName>> = {
  'waiting-for-approval': 'approvals',
  background: 'clock',
  done: 'check',
  refused: 'cross',
  error: 'alert',
  unconfirmed: 'clock',
};

export function ToolCard({ tool, approval }: { tool: ToolView; approval?: ApprovalInfo }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const status: ToolCallStatus = approval ? 'waiting-for-approval' : tool.status;
  const args = parseMaybeJson(tool.arguments || '{}');
  const icon = STATUS_ICON[status];
  const why = tool.code ? sayToolError(t.toolError, t.callError, toldError(tool.result), tool.code) : undefined;

  return (
    <div className={`tool-card status-${status}`} data-testid="tool-card" data-status={status} data-name={tool.name}>
      <button
        type="button"
        className="tool-card-head"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="tool-card-icon">{icon ? <Icon name={icon} size={14} /> : <Spinner size={12} />}</span>
        <span className="tool-card-name" title={tool.name}>
          {tool.name}
        </span>
        <span className="tool-card-args">{inlinePreview(args)}</span>
        <span className="tool-card-status" data-testid="tool-status">
          {t.tool.status[status]}
        </span>
        <Icon name={open ? 'chevronDown' : 'chevronRight'} size={14} className="tool-card-chevron" />
      </button>
      {why !== undefined && (
        <p className="tool-card-why" data-testid="tool-why">
          {why}
        </p>
      )}
      {approval && !approval.decidableHere && (
        <p className="tool-card-hint">{t.tool.waitingOn(channelLabel(approval.channel, t))}</p>
      )}
      {open && (
        <div className="tool-card-body" id={bodyId}>
          <h4>{t.tool.arguments}</h4>
          <CodeBlock value={args} label={t.tool.arguments} maxHeight={240} />
          {tool.result !== undefined && (
            <>
              <h4>{t.tool.result}</h4>
              <CodeBlock value={tool.result} label={t.tool.result} maxHeight={320} />
            </>
          )}
        </div>
      )}
      {approval?.decidableHere && <ApprovalCard approval={approval} />}
    </div>
  );
}
