/**
 * Conversations and their messages (user, assistant with its tool calls, tool results). Every
 * write of this process says which conversation it changed (`changed`), so the UI's list follows;
 * other iAs processes' writes are found by api/outside-changes.ts.
 */
import { EventEmitter } from 'node:events';
import type Database from 'better-sqlite3';
import type { ConversationCursor, EndedToolStatus, MessageCode } from '../../shared/contract.js';
import type { ToolErrorCode } from '../../shared/tool-errors.js';
import { recordedProcessEnded, type ProcessOwner, type RecordedProcess } from '../process-identity.js';
import type { Leases } from '../process-leases.js';
import { leasesIn } from './process-leases-repo.js';

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
  /** On the tool message of a call that ended in its turn: how it ended, as its card shows it. */
  callStatus?: EndedToolStatus;
  /** On the tool message of a call iAs answered without running it: why, by its code (see shared/tool-errors.ts). */
  resultCode?: ToolErrorCode;
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

/**
 * Where a message stands in a turn: the owner's message `begins` it (the conversation then names
 * this process as the owner of a turn under way), its last write `ends` it (and clears that).
 */
export type TurnMark = 'begins' | 'ends';

/** The iAs process whose turn is under way in a conversation. */
export type TurnOwner = RecordedProcess;

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

export class ConversationsRepo extends EventEmitter<{ changed: [conversationId: string] }> {
  private readonly insertConversation;
  private readonly getConversation;
  private readonly listConversations;
  private readonly listAfter;
  private readonly timesStmt;
  private readonly renameStmt;
  private readonly deleteStmt;
  private readonly touchStmt;
  private readonly beginStmt;
  private readonly endStmt;
  private readonly ownerStmt;
  private readonly ownedStmt;
  private readonly releaseStmt;
  /** This process, as it names itself the owner of its turns. */
  private readonly me: TurnOwner;
  /** The conversations whose turn an agent of this process runs now (see runTurn). */
  private readonly running = new Set<string>();
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
    turn: TurnMark | undefined,
  ) => number;

  /** `owner`: this iAs process, where its identity can be told (see process-identity.ts). */
  constructor(
    private readonly db: Db,
    owner?: ProcessOwner,
  ) {
    super();
    this.me = { pid: process.pid, identity: owner?.identity ?? null };
    this.insertConversation = db.prepare<[string, string, number, number]>(
      'INSERT INTO conversations (id, title, created_at, updated_at) VALUES (?, ?, ?, ?)',
    );
    this.getConversation = db.prepare<[string], Conversation>(`${CONVERSATION} WHERE id = ?`);
    const order = 'ORDER BY updated_at DESC, id LIMIT @limit';
    this.listConversations = db.prepare<[{ limit: number }], Conversation>(`${CONVERSATION} ${order}`);
    this.listAfter = db.prepare<[{ limit: number } & ConversationCursor], Conversation>(
      `${CONVERSATION} WHERE updated_at < @updatedAt OR (updated_at = @updatedAt AND id > @id) ${order}`,
    );
    this.timesStmt = db.prepare<[], [string, number]>('SELECT id, updated_at FROM conversations').raw();
    this.renameStmt = db.prepare<[string, number, string]>(
      'UPDATE conversations SET title = ?, updated_at = ? WHERE id = ?',
    );
    this.deleteStmt = db.prepare<[string]>('DELETE FROM conversations WHERE id = ?');
    this.touchStmt = db.prepare<[number, string]>('UPDATE conversations SET updated_at = ? WHERE id = ?');
    type Owned = { id: string; now: number; pid: number; identity: string | null };
    this.beginStmt = db.prepare<[Owned]>(
      `UPDATE conversations SET updated_at = @now, turn_owner_pid = @pid, turn_owner_identity = @identity
       WHERE id = @id`,
    );
    // Cleared only when the turn under way is this process's (every value is the row's before).
    const mine = 'turn_owner_pid = @pid AND turn_owner_identity IS @identity';
    this.endStmt = db.prepare<[Owned]>(
      `UPDATE conversations SET updated_at = @now,
         turn_owner_pid = CASE WHEN ${mine} THEN NULL ELSE turn_owner_pid END,
         turn_owner_identity = CASE WHEN ${mine} THEN NULL ELSE turn_owner_identity END
       WHERE id = @id`,
    );
    this.ownerStmt = db.prepare<[string], TurnOwner>(
      'SELECT turn_owner_pid AS pid, turn_owner_identity AS identity FROM conversations WHERE id = ? AND turn_owner_pid IS NOT NULL',
    );
    this.ownedStmt = db.prepare<[], string>('SELECT id FROM conversations WHERE turn_owner_pid IS NOT NULL').pluck();
    this.releaseStmt = db.prepare<[{ id: string; pid: number; identity: string | null }]>(
      `UPDATE conversations SET turn_owner_pid = NULL, turn_owner_identity = NULL
       WHERE id = @id AND turn_owner_pid = @pid AND turn_owner_identity IS @identity`,
    );
    this.insertMessage = db.prepare<[string, string, string, string | null, number]>(
      'INSERT INTO messages (conversation_id, role, content, extra, created_at) VALUES (?, ?, ?, ?, ?)',
    );
    this.listMessages = db.prepare<[string], RawMessage>(`${MESSAGE} WHERE conversation_id = ? ORDER BY id`);
    this.messagesBefore = db.prepare<[string, number, number], RawMessage>(
      `${MESSAGE} WHERE conversation_id = ? AND id < ? ORDER BY id DESC LIMIT ?`,
    );
    this.appendTx = db.transaction(
      (id: string, role: MessageRole, content: string, extra: string | null, now: number, turn?: TurnMark) => {
        const rowId = Number(this.insertMessage.run(id, role, content, extra, now).lastInsertRowid);
        // The turn's owner is set and cleared by the write that touches the conversation anyway.
        if (turn === undefined) this.touchStmt.run(now, id);
        else (turn === 'begins' ? this.beginStmt : this.endStmt).run({ id, now, ...this.me });
        return rowId;
      },
    );
  }

  create(id: string, title = '', now = Date.now()): Conversation {
    this.insertConversation.run(id, title, now, now);
    this.tell(id);
    return { id, title, createdAt: now, updatedAt: now };
  }

  get(id: string): Conversation | undefined {
    return this.getConversation.get(id);
  }

  /**
   * The conversations, the latest changed first (then by id): at most `limit` (1 to 1000), those
   * after `after` in that order when given (the next page of the list).
   */
  list(limit = 100, after?: ConversationCursor): Conversation[] {
    const bounded = { limit: Math.min(1000, Math.max(1, limit)) };
    return after
      ? this.listAfter.all({ ...bounded, updatedAt: after.updatedAt, id: after.id })
      : this.listConversations.all(bounded);
  }

  /** Every conversation's id and last change (what another process wrote: see api/outside-changes.ts). */
  updatedTimes(): Map<string, number> {
    return new Map(this.timesStmt.all());
  }

  rename(id: string, title: string, now = Date.now()): boolean {
    return this.wrote(id, this.renameStmt.run(title, now, id).changes === 1);
  }

  /** Deletes the conversation and its messages. */
  delete(id: string): boolean {
    return this.wrote(id, this.deleteStmt.run(id).changes === 1);
  }

  /** Says a conversation changed, when it did. */
  private wrote(id: string, changed: boolean): boolean {
    if (changed) this.tell(id);
    return changed;
  }

  /**
   * Tells the listeners once the write's synchronous work is done (outside the transaction it may
   * be in), and never lets one of them fail the write or the process.
   */
  private tell(id: string): void {
    queueMicrotask(() => {
      try {
        this.emit('changed', id);
      } catch {
        // The list is refreshed on the next change, or when the window is focused.
      }
    });
  }

  /** Stores a message; `turn` when it begins or ends a turn of this process (see TurnMark). */
  append(
    conversationId: string,
    role: MessageRole,
    content: string,
    extra: MessageExtra = {},
    now = Date.now(),
    turn?: TurnMark,
  ): number {
    const json = Object.keys(extra).length > 0 ? JSON.stringify(extra) : null;
    const rowId = this.appendTx(conversationId, role, content, json, now, turn);
    this.tell(conversationId);
    return rowId;
  }

  /** Ends this process's turn in the conversation without a message (a turn that stored none). */
  endTurn(conversationId: string, now = Date.now()): void {
    this.wrote(conversationId, this.endStmt.run({ id: conversationId, now, ...this.me }).changes === 1);
  }

  /** The process whose turn is under way in the conversation, if any. */
  turnOwner(conversationId: string): TurnOwner | undefined {
    return this.ownerStmt.get(conversationId);
  }

  /**
   * Whether a turn is under way in the conversation: one an agent of this process runs now, or one
   * of another iAs process that has not ended (a turn cut off by its process's end is none, see
   * settleCutOffTurn; nor is a record of this process left by a turn that could not store its end).
   */
  turnUnderWay(conversationId: string): boolean {
    if (this.running.has(conversationId)) return true;
    const owner = this.turnOwner(conversationId);
    const mine = owner?.pid === this.me.pid && owner.identity === this.me.identity;
    return owner !== undefined && !mine && !recordedProcessEnded(owner, this.leases());
  }

  /**
   * The leases of the iAs processes on this database, read at the first question (see
   * process-leases.ts): a turn owner in another pid namespace is judged by them.
   */
  leases(): Leases {
    return leasesIn(this.db);
  }

  /**
   * Runs the turn `turn` of an agent of this process in the conversation: until it settles, a turn
   * is under way there (see turnUnderWay). Call it at once after the commit that began the turn.
   */
  async runTurn<T>(conversationId: string, turn: () => Promise<T>): Promise<T> {
    this.running.add(conversationId);
    try {
      return await turn();
    } finally {
      this.running.delete(conversationId);
    }
  }

  /** The conversations with a turn under way (by any process). */
  withTurnUnderWay(): string[] {
    return this.ownedStmt.all();
  }

  /**
   * Clears the turn under way of `owner` (compare-and-set: not when another turn began since).
   * Returns whether it was still that owner's.
   */
  releaseTurn(conversationId: string, owner: TurnOwner): boolean {
    return this.releaseStmt.run({ id: conversationId, ...owner }).changes === 1;
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
