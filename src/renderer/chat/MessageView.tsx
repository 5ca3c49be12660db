/** One entry of the transcript: the user's message, an assistant turn, or a note. */
import { memo, useDeferredValue } from 'react';
import type { ApprovalInfo } from '../../shared/contract.js';
import { useT } from '../i18n.js';
import { Icon } from '../ui/icons.js';
import { MessageTime } from './MessageTime.js';
import { RichText } from './RichText.js';
import { ToolCard } from './ToolCard.js';
import type { AssistantItem, Item, UserItem } from './transcript.js';
import { partLine, turnLine } from './turn-line.js';

/** Who wrote a message, for a screen reader (on screen, the message's side and colour say it). */
function Author({ name }: { name: string }) {
  return <span className="visually-hidden">{name}</span>;
}

function UserMessage({ item }: { item: UserItem }) {
  const t = useT();
  return (
    <div className="message message-user" data-testid="message" data-role="user">
      <Author name={t.chat.fromYou} />
      <div className="bubble">{item.text}</div>
      <MessageTime at={item.createdAt} />
    </div>
  );
}

function LiveText({ text, live }: { text: string; live: boolean }) {
  // While streaming, let React skip frames of markdown rendering instead of falling behind.
  const deferred = useDeferredValue(text);
  return <RichText text={live ? deferred : text} />;
}

function Reasoning({ text, thinking }: { text: string; thinking: boolean }) {
  const t = useT();
  return (
    <details className="reasoning" data-testid="reasoning">
      <summary>
        <Icon name="spark" size={13} /> {thinking ? t.chat.thinking : t.chat.reasoning}
      </summary>
      <div className="reasoning-text">{text}</div>
    </details>
  );
}

function AssistantMessage({ item, approvals }: { item: AssistantItem; approvals: Map<string, ApprovalInfo> }) {
  const t = useT();
  const empty = item.parts.length === 0;
  return (
    <div className="message message-assistant" data-testid="message" data-role="assistant">
      <Author name={t.chat.fromAssistant} />
      <div
        className="assistant-body"
        data-testid="assistant-message"
        data-live={item.live ? 'true' : 'false'}
        aria-live="polite"
        aria-busy={item.live}
      >
        {item.reasoning && <Reasoning text={item.reasoning} thinking={item.live && empty} />}
        {item.parts.map((part, index) => {
          if (part.type === 'text')
            return <LiveText key={index} text={part.text} live={item.live && index === item.parts.length - 1} />;
          if (part.type === 'tool')
            return <ToolCard key={part.tool.id} tool={part.tool} approval={approvals.get(part.tool.id)} />;
          if (part.type === 'notice')
            return (
              <p key={index} className="notice notice-info" data-testid="chat-notice">
                <Icon name="info" size={14} /> {turnLine(t, part.text, part.messageCode)}
              </p>
            );
          return (
            <p key={index} className="notice notice-error" role="alert" data-testid="chat-error">
              <Icon name="alert" size={14} /> {partLine(t, part)}
            </p>
          );
        })}
        {item.live && empty && !item.reasoning && (
          <span className="typing" aria-label={t.chat.working}>
            <span />
            <span />
            <span />
          </span>
        )}
        {item.retry && (
          <p className="notice notice-info" data-testid="chat-retry">
            <Icon name="refresh" size={14} /> {t.chat.retrying(turnLine(t, item.retry.message, item.retry.messageCode))}
          </p>
        )}
        {item.stopped && <p className="muted stopped-note">{t.chat.stopped}</p>}
      </div>
      {!(item.live && empty) && <MessageTime at={item.createdAt} />}
    </div>
  );
}

export const MessageView = memo(function MessageView({
  item,
  approvals,
}: {
  item: Item;
  approvals: Map<string, ApprovalInfo>;
}) {
  if (item.kind === 'user') return <UserMessage item={item} />;
  return <AssistantMessage item={item} approvals={approvals} />;
});
