/** One tool call in a reply: the skill, its arguments, its status; the result when expanded. */
import { useId, useState } from 'react';
import type { ApprovalInfo, ToolCallStatus } from '../../shared/contract.js';
import { useT } from '../i18n.js';
import { inlinePreview, parseMaybeJson } from '../ui/format.js';
import { Icon, type IconName } from '../ui/icons.js';
import { CodeBlock } from '../ui/CodeBlock.js';
import { Spinner } from '../ui/Spinner.js';
import { ApprovalCard, channelLabel } from './ApprovalCard.js';
import type { ToolView } from './transcript.js';

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
