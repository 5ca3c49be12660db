/** `ias audit`: the audit log of every skill call, newest first. */
import type { Command } from 'commander';
import { dataPaths, defaultDataHome } from '../core/paths.js';
import { openStore } from '../core/store/index.js';
import type { AuditFilter, AuditRow, AuditSource, AuditStatus } from '../core/store/audit-types.js';
import type { GlobalOptions } from './context.js';
import { cell, color, jsonText, table } from './format.js';
import { UsageError } from './usage-error.js';
import { storeLocale } from './cli-locale.js';
import { englishCallErrors, sayCallError, type CallErrorStrings } from '../shared/call-errors.js';
import { chineseCallErrors } from '../shared/call-errors-zh-CN.js';
import type { Locale } from '../shared/locale.js';
import { isRunNowRequest } from '../shared/run-now-requests.js';
import { withControlsShown } from '../shared/visible-text.js';

const STATUSES: AuditStatus[] = ['running', 'done', 'failed', 'interrupted', 'refused'];
const SOURCES: AuditSource[] = ['chat', 'job', 'schedule', 'cli'];

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

const statusColour = (status: AuditStatus) =>
  status === 'done' ? color.green(status) : status === 'running' ? color.cyan(status) : color.red(status);

function time(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Why a call did not run, when iAs decided it, in the command's language. */
const callErrors: Record<Locale, CallErrorStrings> = { en: englishCallErrors, 'zh-CN': chineseCallErrors };

function rows(list: AuditRow[], locale: Locale): string[][] {
  return [
    ['TIME', 'SKILL', 'SOURCE', 'RISK', 'STATUS', 'APPROVAL', 'MS', 'RESULT'].map((h) => color.dim(h)),
    ...list.map((r) => [
      time(r.startedAt),
      cell(r.skill),
      isRunNowRequest(r.requestedBy) ? `${r.source} (run now)` : r.source,
      r.risk,
      statusColour(r.status),
      r.approvalOutcome,
      r.durationMs === null ? '' : String(r.durationMs),
      cell(r.error === null ? (r.resultSummary ?? '') : sayCallError(callErrors[locale], r.error, r.errorCode), 60),
    ]),
  ];
}

export function registerAuditCommand(program: Command): void {
  program
    .command('audit')
    .description('show the audit log: every skill call, newest first')
    .option('--json', 'print JSON')
    .option('--limit <n>', 'how many rows (1-500)', '50')
    .option('--skill <name>', 'only this skill')
    .option('--status <status>', `only this status (${STATUSES.join(', ')})`)
    .option('--source <source>', `only this source (${SOURCES.join(', ')})`)
    .option('--text <words>', 'only rows mentioning these words')
    .option('--cursor <cursor>', 'the next page, from a previous --json answer')
    .option('--export <format>', 'every matching row as csv or json')
    .action((opts: AuditOptions, cmd: Command) => {
      const limit = Number(opts.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 500)
        throw new UsageError('--limit must be a whole number from 1 to 500');
      if (opts.status && !STATUSES.includes(opts.status as AuditStatus)) {
        throw new UsageError(`--status must be one of ${STATUSES.join(', ')}`);
      }
      if (opts.source && !SOURCES.includes(opts.source as AuditSource)) {
        throw new UsageError(`--source must be one of ${SOURCES.join(', ')}`);
      }
      if (opts.export && opts.export !== 'csv' && opts.export !== 'json')
        throw new UsageError('--export must be csv or json');
      const global = cmd.optsWithGlobals<GlobalOptions>();
      const paths = dataPaths(global.home ?? defaultDataHome());
      const store = openStore(paths.database);
      try {
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
        if (opts.export === 'csv') return void process.stdout.write(store.audit.exportCsv(filter));
        if (opts.export === 'json')
          return void process.stdout.write(`${withControlsShown(store.audit.exportJson(filter))}\n`);
        let page;
        try {
          page = store.audit.query(filter);
        } catch (err) {
          if ((err as Error).name === 'InvalidCursorError') throw new UsageError((err as Error).message);
          throw err;
        }
        if (opts.json) {
          process.stdout.write(`${jsonText(page, 2)}\n`);
        } else {
          process.stdout.write(
            page.rows.length ? `${table(rows(page.rows, storeLocale(store)))}\n` : 'No skill calls recorded yet.\n',
          );
        }
      } finally {
        store.close();
      }
    });
}
