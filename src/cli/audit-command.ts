/** `ias audit`: the audit log of every skill call, newest first. */
import type { Command } from 'commander';
import type { AuditSource, AuditStatus } from '../core/store/audit-types.js';
import { lazyAction } from './lazy-action.js';

export const AUDIT_STATUSES: AuditStatus[] = ['running', 'done', 'failed', 'interrupted', 'refused'];
export const AUDIT_SOURCES: AuditSource[] = ['chat', 'job', 'schedule', 'cli'];

export function registerAuditCommand(program: Command): void {
  program
    .command('audit')
    .description('show the audit log: every skill call, newest first')
    .option('--json', 'print JSON')
    .option('--limit <n>', 'how many rows (1-500)', '50')
    .option('--skill <name>', 'only this skill')
    .option('--status <status>', `only this status (${AUDIT_STATUSES.join(', ')})`)
    .option('--source <source>', `only this source (${AUDIT_SOURCES.join(', ')})`)
    .option('--text <words>', 'only rows mentioning these words')
    .option('--cursor <cursor>', 'the next page, from a previous --json answer')
    .option('--export <format>', 'every matching row as csv or json')
    .action(lazyAction(async () => (await import('./audit-action.js')).showAuditLog));
}
