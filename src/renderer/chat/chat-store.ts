/**
 * The chat's state for the whole app session: the conversation list, each opened conversation's
 * transcript, and the turns in progress. It lives outside React so a turn keeps streaming while
 * the user looks at another page; components read it with `useChatState`.
 */
import type { ApiErrorCode, ChatEvent, ChatMessage, ConversationInfo, IasEvent } from '../../shared/contract.js';
import { apiErrorText } from '../../shared/api-errors.js';
import { MAX_MESSAGE_CHARS, messageTooLong } from '../../shared/message-size.js';
import { CallError, client, errorCode, errorMessage } from '../api/client.js';
import {
  applyBackgroundResult,
  applyEvent,
  hasToolAnywhere,
  storedBefore,
  storedItems,
  type AssistantItem,
  type Item,
} from './transcript.js';

/** About how many messages the first screen of a conversation loads, and each "Load earlier" after it. */
const PAGE_MESSAGES = 200;
/** How many conversations the list shows at first, and each "Show older" adds. */
export const PAGE_CONVERSATIONS = 100;
/** At most this many conversations per read of the list (the contract's limit is 1000). */
const LIST_READ = 500;
/** How long a conversation's news waits before it is read (a turn's writes come in bursts). */
const FOLLOW_DELAY_MS = 200;

/** The transcript key of a conversation not created yet (the first message creates it). */
export const DRAFT = '';

export interface Transcript {
  items: Item[];
  status: 'loading' | 'ready' | 'error';
  /** Why it could not be loaded, in English; `errorCode` to say it in the UI's language. */
  error?: string;
  errorCode?: ApiErrorCode;
  /** Only the latest messages are loaded; the earlier ones come with loadEarlier(), a page at a time. */
  hasEarlier?: boolean;
  /** The id of the first message loaded: the next page is the one before it. */
  firstId?: number;
  /** A page of earlier messages is on its way. */
  loadingEarlier?: boolean;
  /** The last stored message read (messages sent or streamed in this session since are not counted). */
  lastId?: number;
}

/** Whether there is more before a page of messages, and where it starts (`firstId` when it is empty). */
function pageBounds(page: ChatMessage[], firstId?: number): Pick<Transcript, 'hasEarlier' | 'firstId'> {
  const first = page[0];
  return first ? { hasEarlier: first.first !== true, firstId: first.id } : { hasEarlier: false, firstId };
}

export interface ChatState {
  /** The latest conversations, as many as the owner asked for (a page, and each "Show older"). */
  conversations: ConversationInfo[] | undefined;
  /** There are older conversations than those listed. */
  hasOlder?: boolean;
  /** More of the list is on its way ("Show older"). */
  loadingOlder?: boolean;
  conversationsError?: string;
  conversationsErrorCode?: ApiErrorCode;
  /** Conversations opened (by a link) that are older than those listed: read by their id. */
  unlisted: Record<string, ConversationInfo>;
  /** Conversations looked up by their id and not found: deleted, or a link to them out of date. */
  missing: Record<string, true>;
  transcripts: Record<string, Transcript>;
}

/**
 * The first `count` conversations of the list, read a page after another, and whether there are
 * more (a read asks for one more than it keeps).
 */
async function readConversations(count: number): Promise<{ list: ConversationInfo[]; hasOlder: boolean }> {
  const list: ConversationInfo[] = [];
  for (;;) {
    const limit = Math.min(LIST_READ, count - list.length + 1);
    const last = list.at(-1);
    const page = await client.call.listConversations({
      limit,
      ...(last ? { after: { updatedAt: last.updatedAt, id: last.id } } : {}),
    });
    list.push(...page);
    if (page.length < limit) return { list, hasOlder: false };
    if (list.length > count) return { list: list.slice(0, count), hasOlder: true };
  }
}

interface LiveTurn {
  conversationId: string;
  blockKey: string;
  /** Started elsewhere (another window, WeChat): reload the stored messages when it ends. */
  foreign: boolean;
}

type ChatPush = Extract<IasEvent, { type: 'chat' }>;

export class ChatStore {
  private state: ChatState = { conversations: undefined, unlisted: {}, missing: {}, transcripts: {} };
  /** How many conversations the list shows (grows with each "Show older"). */
  private listed = PAGE_CONVERSATIONS;
  private readonly listeners = new Set<() => void>();
  private readonly turns = new Map<string, LiveTurn>();
  /** Events of turns not known yet: a sendMessage answer may arrive after its first events. */
  private buffered: ChatPush[] = [];
  private sendsInFlight = 0;
  private nextKey = 1;
  private stopWanted = new Set<string>();
  private listTimer: ReturnType<typeof setTimeout> | undefined;
  /** Conversations whose news is being read; true when more came meanwhile (read again after). */
  private following = new Map<string, boolean>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): ChatState => this.state;

  start(): void {
    client.onEvent((event) => {
      if (event.type === 'chat') this.onChat(event);
      // Made, renamed, deleted or written to by this iAs (a task's run, another window, WeChat) or
      // by another iAs process (`ias chat`): the list, and the conversation when it is open here.
      else if (event.type === 'conversations-changed') {
        this.refreshListSoon();
        this.followSoon(event.conversationId);
        if (this.state.unlisted[event.conversationId]) void this.lookUp(event.conversationId);
      }
    });
    let wasDown = false;
    client.onConnection((status) => {
      if (status.state === 'open' && wasDown) this.refreshAfterReconnect();
      wasDown = status.state !== 'open';
    });
  }

  private listRequested = false;

  /** Loads the conversation list the first time the chat is shown. */
  ensureConversations(): void {
    if (this.listRequested) return;
    this.listRequested = true;
    void this.loadConversations();
  }

  private set(update: (state: ChatState) => ChatState): void {
    this.state = update(this.state);
    for (const listener of this.listeners) listener();
  }

  private setTranscript(key: string, update: (transcript: Transcript | undefined) => Transcript | undefined): void {
    this.set((state) => {
      const next = update(state.transcripts[key]);
      const transcripts = { ...state.transcripts };
      if (next) transcripts[key] = next;
      else delete transcripts[key];
      return { ...state, transcripts };
    });
  }

  private updateBlock(conversationId: string, blockKey: string, update: (block: AssistantItem) => AssistantItem): void {
    this.setTranscript(conversationId, (t) =>
      t
        ? {
            ...t,
            items: t.items.map((item) => (item.kind === 'assistant' && item.key === blockKey ? update(item) : item)),
          }
        : t,
    );
  }

  /** The latest list read asked for: an earlier read answering after it is stale. */
  private listReads = 0;

  /** Reads the list again: as many conversations as it shows (see `listed`). */
  async loadConversations(): Promise<void> {
    const read = ++this.listReads;
    try {
      const { list, hasOlder } = await readConversations(this.listed);
      if (read !== this.listReads) return;
      // One shown here that has left the list was deleted elsewhere (or pushed past those listed).
      for (const { id } of this.state.conversations ?? []) {
        if (this.state.transcripts[id] && !list.some((c) => c.id === id)) void this.lookUp(id);
      }
      this.set((state) => ({
        ...state,
        conversations: list,
        hasOlder,
        loadingOlder: false,
        conversationsError: undefined,
        conversationsErrorCode: undefined,
      }));
    } catch (err) {
      if (read !== this.listReads) return;
      this.set((state) => ({
        ...state,
        loadingOlder: false,
        conversationsError: errorMessage(err),
        conversationsErrorCode: errorCode(err),
      }));
    }
  }

  /** Shows a page more of the list: the next older conversations. */
  async loadOlder(): Promise<void> {
    if (!this.state.hasOlder || this.state.loadingOlder) return;
    this.listed = Math.max(this.listed, this.state.conversations?.length ?? 0) + PAGE_CONVERSATIONS;
    this.set((state) => ({ ...state, loadingOlder: true }));
    await this.loadConversations();
  }

  /** The conversation, listed or opened by its id (undefined while it is being read, or gone). */
  conversation(conversationId: string): ConversationInfo | undefined {
    return this.state.conversations?.find((c) => c.id === conversationId) ?? this.state.unlisted[conversationId];
  }

  /** Reads a conversation by its id, to know its title when the list does not hold it. */
  private async lookUp(conversationId: string): Promise<void> {
    try {
      const found = await client.call.getConversation(conversationId);
      this.set((state) => {
        const unlisted = { ...state.unlisted };
        const missing = { ...state.missing };
        if (found) {
          unlisted[conversationId] = found;
          delete missing[conversationId];
        } else {
          delete unlisted[conversationId];
          missing[conversationId] = true;
        }
        return { ...state, unlisted, missing };
      });
    } catch {
      // The link dropped: read again when the conversation is opened anew.
    }
  }

  /** A quiet refresh of the list, at most once per half second. */
  private refreshListSoon(): void {
    // Not put off by more news while it waits: a busy turn's writes do not hold the list back.
    if (!this.listRequested || this.listTimer !== undefined) return;
    this.listTimer = setTimeout(() => {
      this.listTimer = undefined;
      void this.loadConversations();
    }, 500);
  }

  private isLive(conversationId: string): boolean {
    return (
      [...this.turns.values()].some((turn) => turn.conversationId === conversationId) ||
      (this.state.transcripts[conversationId]?.items.some((i) => i.kind === 'assistant' && i.live) ?? false)
    );
  }

  /** Loads a conversation's latest messages (again, unless a turn is running in it). */
  async open(conversationId: string): Promise<void> {
    if (conversationId === DRAFT) return;
    // Opened by a link (the audit log, a toast): one older than those listed is read by its id.
    if (!this.state.conversations?.some((c) => c.id === conversationId)) void this.lookUp(conversationId);
    if (this.isLive(conversationId)) return;
    const existing = this.state.transcripts[conversationId];
    if (!existing || existing.status === 'error')
      this.setTranscript(conversationId, () => ({ items: existing?.items ?? [], status: 'loading' }));
    try {
      // The latest turns only, for a quick first screen; earlier ones when the owner asks.
      const recent = await client.call.getMessages(conversationId, { limit: PAGE_MESSAGES });
      if (this.isLive(conversationId)) return;
      this.setTranscript(conversationId, () => ({
        items: storedItems(recent),
        status: 'ready',
        ...pageBounds(recent),
        lastId: recent.at(-1)?.id,
      }));
    } catch (err) {
      this.setTranscript(conversationId, (t) => ({
        items: t?.items ?? [],
        status: 'error',
        error: errorMessage(err),
        errorCode: errorCode(err),
      }));
    }
  }

  /**
   * Reads what was added to a conversation shown here, soon: its turns that another iAs process (or
   * a task's run) stored. Not while a turn streams in it here: that turn shows itself.
   */
  private followSoon(conversationId: string): void {
    if (!this.state.transcripts[conversationId] || this.isLive(conversationId)) return;
    if (this.following.has(conversationId)) {
      this.following.set(conversationId, true);
      return;
    }
    this.following.set(conversationId, false);
    setTimeout(() => {
      void this.catchUp(conversationId).finally(() => {
        const again = this.following.get(conversationId);
        this.following.delete(conversationId);
        if (again) this.followSoon(conversationId);
      });
    }, FOLLOW_DELAY_MS);
  }

  /**
   * Appends the turns stored since the conversation was read: its latest page (and the ones before,
   * when more came than a page holds) takes the place of what it repeats; earlier pages stay, and
   * so does the message being read.
   */
  private async catchUp(conversationId: string): Promise<void> {
    const shown = this.state.transcripts[conversationId];
    if (shown?.status !== 'ready' || this.isLive(conversationId)) return;
    const known = shown.lastId;
    try {
      let messages = await client.call.getMessages(conversationId, { limit: PAGE_MESSAGES });
      while (known !== undefined && messages[0] && messages[0].first !== true && messages[0].id > known) {
        const before = messages[0].id;
        const earlier = await client.call.getMessages(conversationId, { limit: PAGE_MESSAGES, before });
        if (earlier.length === 0) break;
        messages = [...earlier, ...messages];
      }
      const start = messages[0];
      // Nothing (deleted meanwhile), or a turn began here since: that turn shows itself.
      if (!start || this.isLive(conversationId)) return;
      this.setTranscript(conversationId, (t) => {
        // Read again meanwhile (opened anew, or caught up by a read that began later).
        if (t?.status !== 'ready' || t.lastId !== known) return t;
        const kept = start.first === true || known === undefined ? [] : storedBefore(t.items, start.id);
        // The read reaches back over all that was shown: it is the transcript now (and a page of
        // earlier messages on its way would not join it).
        const bounds = kept.length > 0 ? {} : { ...pageBounds(messages), loadingEarlier: false };
        return { ...t, items: [...kept, ...storedItems(messages)], ...bounds, lastId: messages.at(-1)!.id };
      });
    } catch {
      // The link dropped: everything is read again when it comes back.
    }
  }

  /** Loads the page of whole turns before the first one shown. */
  async loadEarlier(conversationId: string): Promise<void> {
    const transcript = this.state.transcripts[conversationId];
    const before = transcript?.firstId;
    if (!transcript?.hasEarlier || transcript.loadingEarlier || before === undefined) return;
    this.setTranscript(conversationId, (t) => t && { ...t, loadingEarlier: true });
    try {
      const page = await client.call.getMessages(conversationId, { limit: PAGE_MESSAGES, before });
      this.setTranscript(conversationId, (t) => {
        // Opened again meanwhile (its latest messages read anew): this page may not join it.
        if (!t || t.firstId !== before) return t;
        const earlier = storedItems(page);
        return { items: [...earlier, ...t.items], status: 'ready', ...pageBounds(page, before), lastId: t.lastId };
      });
    } catch (err) {
      const failed = { status: 'error' as const, error: errorMessage(err), errorCode: errorCode(err) };
      this.setTranscript(conversationId, (t) => t && { ...t, ...failed, loadingEarlier: false });
    }
  }

  /**
   * Sends a message; resolves to the conversation's id (a new one for the draft), or, when the
   * core refused it (shown in the transcript as the failed call's error), the refusal's code.
   */
  async send(
    conversationId: string | undefined,
    text: string,
  ): Promise<{ conversationId?: string; refused?: ApiErrorCode }> {
    const key = conversationId ?? DRAFT;
    const now = Date.now();
    const n = this.nextKey++;
    const blockKey = `live-${n}`;
    const block: AssistantItem = {
      kind: 'assistant',
      key: blockKey,
      createdAt: now,
      parts: [],
      reasoning: '',
      live: true,
    };
    this.setTranscript(key, (t) => ({
      ...t,
      items: [...(t?.items ?? []), { kind: 'user', key: `local-${n}`, text, createdAt: now, local: true }, block],
      status: 'ready',
      error: undefined,
      errorCode: undefined,
    }));
    this.sendsInFlight++;
    try {
      // Refused here as the core would: a paste past the connection's frame limit never reaches it.
      if (messageTooLong(text)) {
        const { message, messageCode } = apiErrorText('message-too-long', { max: MAX_MESSAGE_CHARS });
        throw new CallError(message, messageCode);
      }
      const answer = await client.call.sendMessage({ ...(conversationId ? { conversationId } : {}), text });
      if (key === DRAFT) {
        const draft = this.state.transcripts[DRAFT];
        this.setTranscript(DRAFT, () => undefined);
        this.setTranscript(answer.conversationId, () => draft ?? { items: [], status: 'ready' });
      }
      this.updateBlock(answer.conversationId, blockKey, (b) => ({ ...b, turnId: answer.turnId }));
      this.turns.set(answer.turnId, { conversationId: answer.conversationId, blockKey, foreign: false });
      if (this.stopWanted.delete(blockKey)) void this.stop(answer.turnId);
      void this.loadConversations();
      return { conversationId: answer.conversationId };
    } catch (err) {
      const apiCode = errorCode(err);
      this.updateBlock(key, blockKey, (b) => ({
        ...b,
        live: false,
        parts: [...b.parts, { type: 'error', text: errorMessage(err), apiCode }],
      }));
      return { ...(conversationId ? { conversationId } : {}), ...(apiCode ? { refused: apiCode } : {}) };
    } finally {
      this.sendsInFlight--;
      this.replayBuffered();
    }
  }

  private replayBuffered(): void {
    const events = this.buffered;
    this.buffered = [];
    for (const event of events) this.onChat(event);
  }

  /** Stops the turn running in a block (at once, or as soon as its id is known). */
  async stopBlock(block: AssistantItem): Promise<void> {
    if (block.turnId) await this.stop(block.turnId);
    else this.stopWanted.add(block.key);
  }

  async stop(turnId: string): Promise<void> {
    await client.call.stopTurn(turnId);
  }

  private onChat(push: ChatPush): void {
    const { conversationId, turnId, event } = push;
    const transcript = this.state.transcripts[conversationId];
    // A background call finishes whenever it does, under whatever turn is current: find its card.
    if (event.kind === 'background-result') {
      if (transcript && hasToolAnywhere(transcript.items, event.id))
        this.setTranscript(conversationId, (t) => (t ? { ...t, items: applyBackgroundResult(t.items, event) } : t));
      return;
    }
    const turn = this.turns.get(turnId);
    if (turn) {
      this.updateBlock(turn.conversationId, turn.blockKey, (b) => applyEvent(b, event));
      if (event.kind === 'done') this.finish(turnId, turn);
      return;
    }
    if (this.sendsInFlight > 0) {
      this.buffered.push(push);
      return;
    }
    if (!this.state.conversations?.some((c) => c.id === conversationId)) this.refreshListSoon();
    if (!transcript || event.kind === 'done') {
      if (transcript && event.kind === 'done') void this.open(conversationId);
      return;
    }
    this.startForeignTurn(conversationId, turnId, event);
  }

  private startForeignTurn(conversationId: string, turnId: string, event: ChatEvent): void {
    const blockKey = `live-${this.nextKey++}`;
    const block: AssistantItem = {
      kind: 'assistant',
      key: blockKey,
      createdAt: Date.now(),
      parts: [],
      reasoning: '',
      live: true,
      turnId,
    };
    this.turns.set(turnId, { conversationId, blockKey, foreign: true });
    this.setTranscript(conversationId, (t) => (t ? { ...t, items: [...t.items, applyEvent(block, event)] } : t));
  }

  private finish(turnId: string, turn: LiveTurn): void {
    this.turns.delete(turnId);
    this.refreshListSoon();
    if (turn.foreign) void this.open(turn.conversationId);
  }

  async rename(conversationId: string, title: string): Promise<void> {
    await client.call.renameConversation(conversationId, title);
    const renamed = (c: ConversationInfo) => (c.id === conversationId ? { ...c, title } : c);
    this.set((state) => ({
      ...state,
      conversations: state.conversations?.map(renamed),
      unlisted: Object.fromEntries(Object.entries(state.unlisted).map(([id, c]) => [id, renamed(c)])),
    }));
  }

  async remove(conversationId: string): Promise<void> {
    await client.call.deleteConversation(conversationId);
    this.set((state) => {
      const { [conversationId]: _gone, ...unlisted } = state.unlisted;
      return { ...state, conversations: state.conversations?.filter((c) => c.id !== conversationId), unlisted };
    });
    this.setTranscript(conversationId, () => undefined);
  }

  private refreshAfterReconnect(): void {
    if (this.listRequested) void this.loadConversations();
    // Turns cut off by the drop will not send their end: settle them and read what was stored.
    for (const [turnId, turn] of this.turns) {
      this.turns.delete(turnId);
      this.updateBlock(turn.conversationId, turn.blockKey, (b) => ({ ...b, live: false }));
    }
    for (const id of Object.keys(this.state.transcripts)) if (id !== DRAFT) void this.open(id);
  }
}

export const chatStore = new ChatStore();
