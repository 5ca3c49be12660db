/** Conversations and their messages (user, assistant with its tool calls, tool results). */
import type Database from 'better-sqlite3';
import type { MessageCode } from '../../shared/contract.js';

type Db = Database.Database;

export type MessageRole = 'system' | 'user' | 'assistant' | 'tool';

export interface StoredToolCall {
  id: string;
  name: string;
  /** The arguments exactly as the model wrote them. */
  arguments: string;
  /**
   * What the provider added to the call for itself (Gemini's `extra_content`, with its thought
   * signature): sent back with the call, to that provider only (see `from`).
   */
  extra?: Record<string, unknown>;
}

/** What a message carries beyond its text. */
export interface MessageExtra {
  toolCalls?: StoredToolCall[];
  toolCallId?: string;
  /** The tool's name, on tool messages. */
  name?: string;
  /** On the tool message of a call gone on in the background: its job (see BackgroundJobsRepo). */
  job?: string;
  /** Reasoning content (DeepSeek's reasoning_content): shown apart, never sent back as content. */
  reasoning?: string;
  /** Set when `reasoning` came as `reasoning_content`: DeepSeek's thinking mode wants it back so. */
  reasoningField?: 'reasoning_content';
  /** OpenRouter's reasoning blocks, wanted back with the calls they led to. */
  reasoningDetails?: Record<string, unknown>[];
  /**
   * The provider (its host and model) that wrote this reply, when it wants parts of it back (its
   * `reasoning_content`, its reasoning blocks, what it added to its calls): they go to it alone.
   */
  from?: string;
  /** A note the loop added for the model, not typed by anyone (e.g. a background result). */
  note?: boolean;
  /**
   * A line about how a turn went, for the owner only (a notice, the provider's failure, a stop): shown
   * with the turn, never sent to the model. Stored with the role 'system'.
   */
  shown?: 'notice' | 'error' | 'stopped';
  /** A shown line's code and parameters (see agent/turn-messages), to say it in the UI's language. */
  shownCode?: MessageCode;
}

export interface Conversation {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
}

export interface StoredMessage extends MessageExtra {
  id: number;
  conversationId: string;
  role: MessageRole;
  content: string;
  createdAt: number;
}

/** Some of a conversation's messages, oldest first (see ConversationsRepo.page). */
export interface MessagePage {
  messages: StoredMessage[];
  /** The page begins at the conversation's first message: there is nothing earlier. */
  first: boolean;
}

interface RawMessage {
  id: number;
  conversationId: string;
  role: MessageRole;
  content: string;
  extra: string | null;
  createdAt: number;
}

const CONVERSATION = 'SELECT id, title, created_at AS createdAt, updated_at AS updatedAt FROM conversations';
const MESSAGE =
  'SELECT id, conversation_id AS conversationId, role, content, extra, created_at AS createdAt FROM messages';

export class ConversationsRepo {
  private readonly insertConversation;
  private readonly getConversation;
  private readonly listConversations;
  private readonly renameStmt;
  private readonly deleteStmt;
  private readonly touchStmt;
  private readonly insertMessage;
  private readonly listMessages;
  private readonly messagesBefore;
  /** The message and the conversation's new time in one commit. */
  private readonly appendTx: (
    id: string,
    role: MessageRole,
    content: string,
    extra: string | null,
    now: number,
  ) => number;

  constructor(private readonly db: Db) {
    this.insertConversation = db.prepare<[string, string, number, number]>(
      'INSERT INTO conversations (id, title, created_at, updated_at) VALUES (?, ?, ?, ?)',
    );
    this.getConversation = db.prepare<[string], Conversation>(`${CONVERSATION} WHERE id = ?`);
    this.listConversations = db.prepare<[number], Conversation>(`${CONVERSATION} ORDER BY updated_at DESC, id LIMIT ?`);
    this.renameStmt = db.prepare<[string, number, string]>(
      'UPDATE conversations SET title = ?, updated_at = ? WHERE id = ?',
    );
    this.deleteStmt = db.prepare<[string]>('DELETE FROM conversations WHERE id = ?');
    this.touchStmt = db.prepare<[number, string]>('UPDATE conversations SET updated_at = ? WHERE id = ?');
    this.insertMessage = db.prepare<[string, string, string, string | null, number]>(
      'INSERT INTO messages (conversation_id, role, content, extra, created_at) VALUES (?, ?, ?, ?, ?)',
    );
    this.listMessages = db.prepare<[string], RawMessage>(`${MESSAGE} WHERE conversation_id = ? ORDER BY id`);
    this.messagesBefore = db.prepare<[string, number, number], RawMessage>(
      `${MESSAGE} WHERE conversation_id = ? AND id < ? ORDER BY id DESC LIMIT ?`,
    );
    this.appendTx = db.transaction(
      (id: string, role: MessageRole, content: string, extra: string | null, now: number) => {
        const rowId = Number(this.insertMessage.run(id, role, content, extra, now).lastInsertRowid);
        this.touchStmt.run(now, id);
        return rowId;
      },
    );
  }

  create(id: string, title = '', now = Date.now()): Conversation {
    this.insertConversation.run(id, title, now, now);
    return { id, title, createdAt: now, updatedAt: now };
  }

  get(id: string): Conversation | undefined {
    return this.getConversation.get(id);
  }

  list(limit = 100): Conversation[] {
    return this.listConversations.all(Math.min(1000, Math.max(1, limit)));
  }

  rename(id: string, title: string, now = Date.now()): boolean {
    return this.renameStmt.run(title, now, id).changes === 1;
  }

  /** Deletes the conversation and its messages. */
  delete(id: string): boolean {
    return this.deleteStmt.run(id).changes === 1;
  }

  append(
    conversationId: string,
    role: MessageRole,
    content: string,
    extra: MessageExtra = {},
    now = Date.now(),
  ): number {
    const json = Object.keys(extra).length > 0 ? JSON.stringify(extra) : null;
    return this.appendTx(conversationId, role, content, json, now);
  }

  /** All of a conversation's messages, oldest first. */
  messages(conversationId: string): StoredMessage[] {
    return this.listMessages.all(conversationId).map(parsed);
  }

  /**
   * A page of a conversation, oldest first: the latest whole turns before the message `before`
   * (or the end) within `limit` messages, or the one turn there when it alone is longer. A page
   * begins at a turn's beginning (its owner's message, after the background notes it brings), so a
   * reply's tool calls, their results and the turn's shown lines come together. `first`: the page
   * begins at the conversation's first message (there is nothing earlier).
   */
  page(conversationId: string, options: { limit: number; before?: number }): MessagePage {
    let below = options.before ?? Number.MAX_SAFE_INTEGER;
    // A message more than the page: the one before a turn's start tells whether it is one.
    let want = options.limit + 1;
    let rows: StoredMessage[] = [];
    for (let readingBack = false; ; readingBack = true) {
      const earlier = this.messagesBefore.all(conversationId, below, want).reverse().map(parsed);
      rows = [...earlier, ...rows];
      if (earlier.length < want) return { messages: rows, first: true };
      const starts = (m: StoredMessage, i: number) => i > 0 && beginsTurn(m) && !isNote(rows[i - 1]!);
      // As many whole turns as fit; reading back through a turn longer than the page, its start.
      const start = readingBack ? rows.findLastIndex(starts) : rows.findIndex(starts);
      if (start > 0) return { messages: rows.slice(start), first: false };
      below = rows[0]!.id;
      want = options.limit;
    }
  }
}

function parsed({ extra, ...m }: RawMessage): StoredMessage {
  return { ...m, ...(extra ? (JSON.parse(extra) as MessageExtra) : {}) };
}

/** A note the loop added before the owner's message it came with (a background result). */
function isNote(m: StoredMessage): boolean {
  return m.role === 'system' && m.note === true;
}

/** The owner's message begins a turn, or the notes that come before it. */
function beginsTurn(m: StoredMessage): boolean {
  return m.role === 'user' || isNote(m);
}
