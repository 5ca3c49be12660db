/**
 * What a turn tells the owner about how it went (a provider's failure, a retry, a notice), as a
 * stable code with its parameters, so that a UI can say it in its own language; and how each
 * reads in English. The core sends the English sentence with the code (the CLI prints it; a UI
 * shows it for a code it does not know). A `detail` is the server's (or the network's) own words:
 * shown as they came. Plain types and functions: no Node, no DOM.
 */
import type { ApiKeyFlaw } from './api-errors.js';
import { sayCoded } from './coded-text.js';
import { shellWord } from './shell-word.js';
import type { UnsafeParentCode } from './unsafe-parents.js';

export interface TurnMessageParams {
  /** The model server refused the API key (401, 403). */
  'api-key-refused': { status: string; detail: string };
  /** The model server asks for an API key (401, 403), and none is set. */
  'api-key-missing': { status: string; detail: string };
  /**
   * The model server asks for an API key (401, 403), and the saved one was not sent: it belongs to
   * another server (`keyFor`, an origin; '' when saved before any server was), not this one (`server`).
   */
  'api-key-for-other-server': { status: string; detail: string; server: string; keyFor: string };
  /** 404; `hint` when the base URL looks like a known slip, `url` being the one to try. */
  'model-or-path-unknown': { detail: string; hint?: 'drop-chat-completions' | 'add-v1'; url?: string };
  /** 429; `retryInS` when the wait asked for is too long to make here. */
  'rate-limited': { status: string; detail: string; retryInS?: string };
  /** A 429 that is no rate limit: the account is out of quota or credit (waiting does not mend it). */
  'quota-exceeded': { status: string; detail: string };
  /** 5xx. */
  'server-error': { status: string; detail: string };
  /** 400. */
  'request-rejected': { status: string; detail: string };
  /** The provider could not read a tool call its model wrote (Groq's `tool_use_failed`). */
  'tool-call-unreadable': { detail: string };
  /** Any other failure status, or none. */
  'server-answered': { status?: string; detail: string };
  /**
   * The connection failed; `reason` when it is one people can mend: nothing listens at `address`
   * (`refused`), there only over IPv6 where `localhost` led (`ipv6-localhost`), a host name DNS does
   * not know (`no-such-host`, `host` being it), or could not look up as no name server answered
   * (`no-name-server`), https to a plain-http port (`not-https`), a
   * certificate that is not trusted (`untrusted-certificate`), or a `port` fetch never connects to
   * (`blocked-port`).
   */
  'server-unreachable': {
    baseUrl: string;
    detail: string;
    reason?:
      | 'refused'
      | 'ipv6-localhost'
      | 'no-such-host'
      | 'no-name-server'
      | 'not-https'
      | 'untrusted-certificate'
      | 'blocked-port';
    address?: string;
    port?: string;
    host?: string;
    url?: string;
  };
  /**
   * A 200 that holds no reply: a web page (a web UI or a network's login page at that address), or
   * an answer without `choices`; `detail` is the page's title or the start of the answer.
   */
  'not-chat-completions': { baseUrl: string; kind: 'web-page' | 'no-reply'; detail: string };
  'server-timeout': { baseUrl: string };
  /** No byte of the reply yet after `seconds` (said once a turn, while the request goes on). */
  'still-waiting': { seconds: string };
  /** The stream broke off; `detail` is empty when it closed cleanly before the reply's end. */
  'stream-cut': { detail: string };
  /** The stream began, then no byte of it came for `seconds`, its connection left open. */
  'stream-stalled': { seconds: string };
  /**
   * The API key has a character no request header can carry (a NUL, as a key file saved as UTF-16
   * has): no request was sent. Said without the HTTP layer's words, which quote the key.
   */
  'api-key-unsendable': Record<string, never>;
  /**
   * The API key in use, from `where` (IAS_LLM_API_KEY, or the one saved in the secret store), has
   * a character no request can carry or white space inside it: said before any request is sent,
   * without the key.
   */
  'api-key-flawed': { where: 'env' | 'secret'; reason: ApiKeyFlaw };
  /**
   * The file that holds the saved API key can be read by other users (`mode`, octal, such as 644),
   * so it is not read, as ssh will not use such a private key: make it 0600, or save the key again
   * (which writes a new 0600 file). Said without the key.
   */
  'api-key-file-open': { file: string; mode: string };
  /**
   * The file that holds the saved API key belongs to another user (`uid`), who may have put a key
   * of theirs in it (the owner's chats would then go through their account): it is not read. Saving
   * the key again replaces it with a file of the owner's.
   */
  'api-key-file-not-own': { file: string; uid: number };
  /**
   * A folder on the way to the file that holds the API key (its own folder included) could be
   * changed by another user (`unsafe`: which folder and why, by the secure_path rule of
   * safe-parents.ts), who could swap the file for one holding a key of theirs: the key is neither
   * read nor saved there.
   */
  'api-key-folder-unsafe': { file: string; unsafe: UnsafeParentCode };
  /** The stream ended with nothing in it: no text, no call, no finish reason. */
  'stream-empty': Record<string, never>;
  /** The provider stopped the reply for want of capacity (DeepSeek's `insufficient_system_resource`). */
  'out-of-capacity': Record<string, never>;
  /** The reply stopped at the model's output limit (finish_reason "length"); `tools`: its calls, not made. */
  'reply-too-long': { tools?: string };
  /** The provider's content filter stopped the reply (finish_reason "content_filter"). */
  'reply-filtered': Record<string, never>;
  /** The reply ended with thinking alone: no answer, no call (its `</think>` never came). */
  'reply-only-thinking': Record<string, never>;
  /** The reply held nothing: no text, no thinking, no call. */
  'reply-empty': Record<string, never>;
  /** The request was stopped by the owner. */
  'request-stopped': Record<string, never>;
  /** `missing`: the one of the two that is missing when the other is set. */
  'no-model-configured': { missing?: 'model' | 'base-url' };
  /**
   * A base URL that cannot be used: not an http(s) address, or (`reason`) one the API cannot be
   * reached at that way; `url`, with `endpoint`, is the base URL to use. `where`: an environment
   * variable (IAS_LLM_BASE_URL), the settings, `ias provider set --base-url`, or the Settings page's
   * field. A user name or password in `value` is shown as `***`.
   */
  'base-url-not-web-address': { where: BaseUrlWhere; value: string; reason?: BaseUrlFlaw; url?: string };
  'model-without-tools': { model: string };
  /** The model asked for tools (`tools`, comma separated) after its last round of them. */
  'tools-after-last-round': { tools: string; rounds: string };
  'tools-not-offered': { tools: string };
  /**
   * Calls of a scheduled run that went on in the background ended after its last reply (past the
   * follow-ups a run makes to tell their results): each skill and how its call ended.
   */
  'calls-ended-after-reply': { calls: { name: string; status: 'done' | 'error' | 'refused' | 'unconfirmed' }[] };
  /**
   * A scheduled run went on without skills its task may use: `deleted` (or no longer loading) and
   * `off` (turned off by the owner) since the task was made.
   */
  'task-skills-missing': { deleted: string[]; off: string[] };
  /** The turn failed on iAs's side (not the provider's), e.g. its result could not be stored. */
  'turn-failed': { detail: string };
  /** The iAs process running the turn stopped (killed, crashed, power lost) before the turn ended. */
  'turn-cut-off': Record<string, never>;
  /** The turn's conversation was deleted (while the turn ran, or before it began): nothing more of it was kept. */
  'conversation-deleted': Record<string, never>;
  /** A connection test's answer: the model answered. */
  'model-answered': { model: string; baseUrl: string };
}

/** Where a base URL came from: see 'base-url-not-web-address'. */
export type BaseUrlWhere = 'env' | 'settings' | 'option' | 'field';

/**
 * What is wrong with a web address as a base URL: white space in it, a user name or password, a
 * query, a fragment, or the whole endpoint (it ends in /chat/completions, which the client adds).
 */
export type BaseUrlFlaw = 'whitespace' | 'credentials' | 'query' | 'fragment' | 'endpoint';

export type TurnMessageCode = keyof TurnMessageParams;

/** A turn message's code and parameters (one of {@link TurnMessageParams}). */
export type MessageCode = { [C in TurnMessageCode]: { code: C; params: TurnMessageParams[C] } }[TurnMessageCode];

/** How each line (by its code) reads in a language. */
export type TurnMessageStrings = { [C in TurnMessageCode]: (p: TurnMessageParams[C]) => string };

/** How each line reads in English: what the CLI prints, and the UI in English shows. */
/**
 * No model to ask, and what to set; `orElse` says where else a provider is chosen (the app's
 * settings; `ias provider set` on the command line).
 */
/**
 * `text` ending as a sentence (with a full stop when it has no end of its own), so that what follows
 * it on the line ("Retrying in 2 s…") reads apart.
 */
export function asSentence(text: string): string {
  return /[.!?。！？]$/.test(text) ? text : `${text}.`;
}

export function noModelConfigured(p: TurnMessageParams['no-model-configured'], orElse: string): string {
  return p.missing === 'model'
    ? `No model name is set: set IAS_LLM_MODEL to a model the server has (such as deepseek-chat, or qwen2.5:7b on Ollama), or ${orElse}.`
    : p.missing === 'base-url'
      ? `No base URL is set: set IAS_LLM_BASE_URL to the server's OpenAI-compatible address (such as https://api.deepseek.com/v1, or http://127.0.0.1:11434/v1 for Ollama), or ${orElse}.`
      : `No model is configured. Set IAS_LLM_BASE_URL and IAS_LLM_MODEL (any OpenAI-compatible server; IAS_LLM_API_KEY too if it needs a key), or ${orElse}.`;
}

export const englishTurnMessages: TurnMessageStrings = {
  'api-key-refused': (p) =>
    `The model server refused the API key (${p.status}). Check the key in the settings or IAS_LLM_API_KEY. ${p.detail}`,
  'api-key-missing': (p) =>
    `The model server asks for an API key (${p.status}), and none is set: set IAS_LLM_API_KEY, or the key in the settings. ${p.detail}`,
  'api-key-for-other-server': (p) =>
    `The model server asks for an API key (${p.status}). The saved key is ${p.keyFor ? `for ${p.keyFor}` : 'for no server yet'}, so it is not sent to ${p.server}: set IAS_LLM_API_KEY, or save a key for this server (Settings, or \`ias provider set --key-stdin\`). ${p.detail}`,
  'model-or-path-unknown': (p) => {
    const hint =
      p.hint === 'drop-chat-completions'
        ? ` The base URL should stop before /chat/completions: try ${p.url}.`
        : p.hint === 'add-v1'
          ? ` If the server's documentation gives a base URL ending in /v1, use ${p.url}.`
          : '';
    return `The model server does not know this model or path (404). Check the model name and base URL.${hint} ${p.detail}`;
  },
  'rate-limited': (p) =>
    `The model server is rate-limiting requests (${p.status}). ${p.detail}${p.retryInS ? ` Try again in ${p.retryInS} s.` : ''}`,
  'quota-exceeded': (p) =>
    `The model server says this account is out of quota or credit (${p.status}): check its plan and billing with the provider. ${p.detail}`,
  'server-error': (p) => `The model server had an error (${p.status}). ${p.detail}`,
  'request-rejected': (p) => `The model server rejected the request (${p.status}): ${p.detail}`,
  'tool-call-unreadable': (p) =>
    `The model wrote a tool call its provider could not read, so the provider dropped the reply: ${p.detail}`,
  'server-answered': (p) => `The model server answered ${p.status ?? 'with an error'}: ${p.detail}`,
  'server-unreachable': (p) => {
    const why =
      p.reason === 'refused'
        ? ` Nothing is listening at ${p.address}: is the server running, and is the port right?`
        : p.reason === 'ipv6-localhost'
          ? ` localhost led to ${p.address} (IPv6), where nothing is listening; a server that listens on 127.0.0.1 only is reached at ${p.url}.`
          : p.reason === 'no-such-host'
            ? ` The host name ${p.host} was not found: check its spelling, and that this computer is online.`
            : p.reason === 'no-name-server'
              ? ` The host name ${p.host} could not be looked up: no name server answered. Is this computer online?`
              : p.reason === 'not-https'
                ? ` The server there does not speak https: for a plain-http server (as local ones are), use ${p.url}.`
                : p.reason === 'untrusted-certificate'
                  ? " Its https certificate is not trusted: if your company's proxy or your own authority signed it, point NODE_EXTRA_CA_CERTS at that certificate."
                  : p.reason === 'blocked-port'
                    ? ` Port ${p.port} is one that iAs (as every browser) never connects to, as it belongs to another protocol: run the model server on another port, such as 8000.`
                    : '';
    return why
      ? `Cannot reach the model server at ${p.baseUrl}.${why} (${p.detail})`
      : `Cannot reach the model server at ${p.baseUrl}: ${asSentence(p.detail)}`;
  },
  'not-chat-completions': (p) =>
    p.kind === 'web-page'
      ? `${p.baseUrl} answered with a web page${p.detail ? ` ("${p.detail}")` : ''}, not the Chat Completions API: this may be a web UI's address or a network's login page. Use the API's base URL (it usually ends in /v1).`
      : `The server at ${p.baseUrl} answered without a reply (no "choices"). Check that the base URL is the API's (it usually ends in /v1) and the model name.${p.detail ? ` It said: ${p.detail}` : ''}`,
  'server-timeout': (p) => `The model server at ${p.baseUrl} did not answer in time.`,
  'still-waiting': (p) => `Still waiting for the model server (${p.seconds} s)…`,
  'stream-stalled': (p) =>
    `The model server stopped sending its reply: nothing more came for ${p.seconds} s, so it was given up.`,
  'stream-cut': (p) => `The connection to the model dropped mid-reply${p.detail ? ` (${p.detail})` : ''}.`,
  'api-key-unsendable': () =>
    'The API key has a character that cannot be sent in a request (a NUL, as in a key file saved as UTF-16), so nothing was sent. Save the key again in the settings or IAS_LLM_API_KEY.',
  'api-key-flawed': (p) => {
    const subject = p.where === 'env' ? 'IAS_LLM_API_KEY' : 'The saved API key';
    const flaw =
      p.reason === 'whitespace'
        ? 'has a space or line break inside it, which an API key never has'
        : 'has a character that cannot be sent in a request (an API key is letters, digits and punctuation; a NUL comes from a key file saved as UTF-16)';
    const fix = p.where === 'env' ? 'Set IAS_LLM_API_KEY to the key alone.' : 'Save the key again in the settings.';
    return `${subject} ${flaw}, so nothing was sent. ${fix}`;
  },
  'api-key-file-open': (p) =>
    `The file that holds the saved API key, ${p.file}, can be read by other users (mode ${p.mode}), so iAs does not use it. Make it private with \`chmod 600 ${shellWord(p.file)}\`, or save the key again in the settings.`,
  'api-key-file-not-own': (p) =>
    `The file that holds the saved API key, ${p.file}, belongs to another user (uid ${p.uid}), who may have put a key of theirs in it, so iAs does not use it. Save your key again in the settings: iAs then puts a file of your own in its place.`,
  'api-key-folder-unsafe': ({ file, unsafe }) => {
    const swap = `who could swap it for a file holding a key of theirs, so iAs neither uses nor saves an API key there`;
    const own = "Keep iAs's data folder in folders of your own (or set IAS_HOME to one), then save the key again.";
    if (unsafe.code === 'parent-writable') {
      const { folder, mode } = unsafe.params;
      return `The folder ${folder}, on the way to the file that holds the API key (${file}), can be changed by other users (mode ${mode}), ${swap}. Make it writable by you alone with \`chmod go-w ${shellWord(folder)}\`, then save the key again.`;
    }
    if (unsafe.code === 'parent-other-owner') {
      const { folder, uid } = unsafe.params;
      return `The folder ${folder}, on the way to the file that holds the API key (${file}), belongs to another user (uid ${uid}), ${swap}. ${own}`;
    }
    const { folder, entry, uid } = unsafe.params;
    return `${entry}, in the shared folder ${folder} on the way to the file that holds the API key (${file}), belongs to another user (uid ${uid}), ${swap}. ${own}`;
  },
  'stream-empty': () =>
    "The model server ended its reply without sending anything. If it runs locally, its log may say why (a prompt larger than the model's context is common).",
  'out-of-capacity': () =>
    'The model provider stopped the reply: it ran short of capacity (insufficient system resource). Try again in a moment.',
  'reply-too-long': (p) =>
    `The reply reached the model's output limit and was cut short${p.tools ? `; the calls it was writing (${p.tools}) were not made` : ''}.`,
  'reply-filtered': () => "The provider's content filter stopped this reply.",
  'reply-only-thinking': () =>
    'The model only thought and gave no answer. Ask again, or send another message to let it go on.',
  'reply-empty': () => 'The model sent an empty reply. Ask again, or send another message to let it go on.',
  'request-stopped': () => 'stopped',
  'no-model-configured': (p) => noModelConfigured(p, 'choose a provider in the settings'),
  'base-url-not-web-address': (p) => {
    const subject = {
      env: 'IAS_LLM_BASE_URL',
      option: '--base-url',
      settings: 'The base URL in the settings',
      field: 'The base URL',
    }[p.where];
    const endsAtPath = 'A base URL ends with its path, such as https://api.deepseek.com/v1.';
    switch (p.reason) {
      case 'whitespace':
        return `${subject} has a space or line break in it: "${p.value}". A base URL has none, such as https://api.deepseek.com/v1.`;
      case 'credentials':
        return `${subject} holds a user name or password: "${p.value}". Leave them out: the API key is given apart, not in the address.`;
      case 'query':
        return `${subject} has a query (?…) in it: "${p.value}". ${endsAtPath}`;
      case 'fragment':
        return `${subject} has a fragment (#…) in it: "${p.value}". ${endsAtPath}`;
      case 'endpoint':
        return `${subject} is the whole endpoint: "${p.value}". The base URL stops before /chat/completions: use ${p.url}.`;
      default:
        return `${subject} is not a web address: "${p.value}". Write it with http:// or https://, such as https://api.deepseek.com/v1.`;
    }
  },
  'model-without-tools': (p) => `The model ${p.model} cannot use tools, so it answers without skills.`,
  'tools-after-last-round': (p) =>
    `The model still asked for tools (${p.tools}) after ${p.rounds} rounds of them, so this turn ends without an answer. Send another message to let it go on.`,
  'tools-not-offered': (p) =>
    `The model answered only by asking for tools (${p.tools}) it was not offered, so this turn has no answer.`,
  'calls-ended-after-reply': (p) =>
    `Calls that went on in the background ended after this reply: ${p.calls.map((c) => `${c.name} (${c.status})`).join(', ')}.`,
  'task-skills-missing': (p) =>
    `This task may use skills that this run did not have, so it ran without them: ${[
      ...p.deleted.map((name) => `${name} (deleted, or it no longer loads)`),
      ...p.off.map((name) => `${name} (turned off in Skills)`),
    ].join(', ')}.`,
  'turn-failed': (p) => `This turn failed in iAs and was not finished: ${p.detail}`,
  'turn-cut-off': () => 'This turn was cut off: iAs stopped before it ended.',
  'conversation-deleted': () =>
    'This conversation was deleted, so nothing more of it was kept. A new message starts a new conversation.',
  'model-answered': (p) => `${p.model} at ${p.baseUrl} answered.`,
};

/**
 * A line in a language: by its code when `strings` know it, else the English sentence that came
 * with it (an older server, or a code newer than this table). The server's own words stay as they came.
 */
export function sayTurnLine(strings: TurnMessageStrings, text: string, messageCode?: MessageCode): string {
  return sayCoded(strings, text, messageCode);
}
