/** `ias audit`: the audit log of every skill call, newest first. */
import type { Command } from 'commander';
import { dataPaths } from '../core/paths.js';
import { settleLeftWork } from '../core/left-work-sweep.js';
import { openStore, type Store } from '../core/store/index.js';
import type { AuditFilter, AuditRow, AuditSource, AuditStatus } from '../core/store/audit-types.js';
import { AUDIT_SOURCES, AUDIT_STATUSES } from './audit-command.js';
import { commandHome, type GlobalOptions } from './context.js';
import { cell, color, jsonText, table } from './format.js';
import { UsageError } from './usage-error.js';
import { commandLocale, storeLocale } from './cli-locale.js';
import { saidUsageError } from './chat-output.js';
import { auditWords, type AuditWords } from './audit-words.js';
import { ownerTimeZone } from '../core/time-zone.js';
import { sayToolError } from '../shared/tool-errors.js';
import { formatStamp } from '../shared/date-time.js';
import type { Locale } from '../shared/locale.js';
import { isRunNowRequest } from '../shared/run-now-requests.js';
import { MAX_AUDIT_SEARCH_CHARS } from '../shared/text-limits.js';
import { withControlsShown } from '../shared/visible-text.js';

interface AuditOptions {
  json?: boolean;
  limit: string;
  skill?: string;
  status?: string;
  source?: string;
  text?: string;
  cursor?: string;
  export?: string;
}

const statusColour = (status: AuditStatus, said: string) =>
  status === 'done' ? color.green(said) : status === 'running' ? color.cyan(said) : color.red(said);

/** The rows in `locale`, their times in the owner's time zone (`timeZone`), as the app's audit log shows them. */
function rows(list: AuditRow[], locale: Locale, timeZone: string, now = Date.now()): string[][] {
  const words: AuditWords = auditWords[locale];
  return [
    words.headers.map((h) => color.dim(h)),
    ...list.map((r) => [
      formatStamp(r.startedAt, locale, now, timeZone),
      cell(r.skill),
      isRunNowRequest(r.requestedBy) ? words.runNow(words.source(r.source)) : words.source(r.source),
      words.risk(r.risk),
      statusColour(r.status, words.status(r.status)),
      words.approval(r.approvalOutcome),
      r.durationMs === null ? '' : String(r.durationMs),
      cell(
        r.error === null
          ? (r.resultSummary ?? '')
          : sayToolError(words.toolErrors, words.callErrors, r.error, r.errorCode),
        60,
      ),
    ]),
  ];
}

/**
 * Every row matching `filter`, written a piece at a time as it is read: a log larger than the
 * command's memory (or than one string can be) is written whole. Stops once the reader went away.
 * What a skill or the model wrote is shown on a terminal, not obeyed: JSON writes control
 * characters as \uXXXX anyway (the same value), CSV on a terminal only (to a file it stays exact).
 */
function writeExport(store: Store, filter: AuditFilter, format: 'csv' | 'json'): void {
  const shown = format === 'json' || process.stdout.isTTY === true;
  for (const piece of store.audit.exportPieces(filter, format)) {
    if (process.stdout.destroyed) return;
    // CSV's own line ends (CRLF) stay line ends.
    process.stdout.write(shown ? piece.split('\r\n').map(withControlsShown).join('\r\n') : piece);
  }
  if (format === 'json') process.stdout.write('\n');
}

/** The log as `opts` ask for it; a bad option is a UsageError said in `words`. */
function showAudit(opts: AuditOptions, database: string, words: AuditWords): void {
  const limit = Number(opts.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new UsageError(words.badLimit);
  // An empty value is refused too: as a filter it would match nothing, and say so.
  if (opts.status !== undefined && !AUDIT_STATUSES.includes(opts.status as AuditStatus)) {
    throw new UsageError(words.badStatus(AUDIT_STATUSES.join(', ')));
  }
  if (opts.source !== undefined && !AUDIT_SOURCES.includes(opts.source as AuditSource)) {
    throw new UsageError(words.badSource(AUDIT_SOURCES.join(', ')));
  }
  if (opts.export !== undefined && opts.export !== 'csv' && opts.export !== 'json')
    throw new UsageError(words.badExport);
  // As long as the app's search box takes: every word is a search term, and SQLite refuses a query
  // of too many.
  if (opts.text !== undefined && opts.text.length > MAX_AUDIT_SEARCH_CHARS) {
    throw new UsageError(words.longText(MAX_AUDIT_SEARCH_CHARS));
  }
  const store = openStore(database);
  try {
    // A call of an `ias chat` killed since is shown interrupted, not running for ever.
    settleLeftWork(store);
    const filter: AuditFilter = {
      limit,
      skill: opts.skill,
      status: opts.status as AuditStatus | undefined,
      source: opts.source as AuditSource | undefined,
      text: opts.text,
      // Why a call did not run is found by the words this command prints it in.
      ...(opts.text ? { language: storeLocale(store) } : {}),
      cursor: opts.cursor,
    };
    if (opts.export === 'csv' || opts.export === 'json') return writeExport(store, filter, opts.export);
    let page;
    try {
      page = store.audit.query(filter);
    } catch (err) {
      if ((err as Error).name === 'InvalidCursorError') throw new UsageError(words.badCursor);
      throw err;
    }
    if (opts.json) {
      process.stdout.write(`${jsonText(page, 2)}\n`);
    } else {
      const locale = storeLocale(store);
      const filtered = [opts.skill, opts.status, opts.source, opts.text, opts.cursor].some((o) => o !== undefined);
      process.stdout.write(
        page.rows.length
          ? `${table(rows(page.rows, locale, ownerTimeZone(store.settings)))}\n`
          : `${filtered ? auditWords[locale].noMatch : auditWords[locale].noCalls}\n`,
      );
      // A page that is not the last says so, as the Audit log's "50+ entries" does (a later page is
      // not the newest).
      if (page.nextCursor) {
        const more = auditWords[locale].more(page.rows.length, page.nextCursor, opts.cursor !== undefined);
        process.stderr.write(color.dim(`${more}\n`));
      }
    }
  } finally {
    store.close();
  }
}

export function showAuditLog(opts: AuditOptions, cmd: Command): void {
  const paths = dataPaths(commandHome(cmd.optsWithGlobals<GlobalOptions>()));
  const words = auditWords[commandLocale(paths.database)];
  try {
    // Every matching row is exported: a page asked for beside it would be silently ignored.
    const paged = opts.cursor !== undefined || cmd.getOptionValueSource('limit') === 'cli';
    if (opts.export && paged) throw new UsageError(words.exportPaged);
    // A CSV export is CSV: --json beside it would be as silently ignored.
    if (opts.export === 'csv' && opts.json) throw new UsageError(words.csvNotJson);
    showAudit(opts, paths.database, words);
  } catch (err) {
    // Said here, in the command's language (the program says other commands' usage errors).
    if (!saidUsageError(err, words)) throw err;
  }
}
