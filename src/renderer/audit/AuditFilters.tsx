/** The audit log's filters: skill, status, source, time range, and a text search. */
import { useId } from 'react';
import type { AuditSource, AuditStatus } from '../../shared/contract.js';
import { MAX_AUDIT_SEARCH_CHARS } from '../../shared/text-limits.js';
import { useT } from '../i18n.js';
import { momentOfWallClock } from '../ui/format.js';
import { Icon } from '../ui/icons.js';

export const STATUSES: AuditStatus[] = ['running', 'done', 'failed', 'interrupted', 'refused'];
export const SOURCES: AuditSource[] = ['chat', 'job', 'schedule', 'cli'];
export const RANGES = ['any', 'hour', 'day', 'week', 'month', 'custom'] as const;
export type Range = (typeof RANGES)[number];

export interface FilterState {
  skill: string;
  status: AuditStatus | '';
  source: AuditSource | '';
  range: Range;
  /** datetime-local values, for the custom range: a date and time in the owner's zone. */
  from: string;
  to: string;
  text: string;
}

export const NO_FILTERS: FilterState = { skill: '', status: '', source: '', range: 'any', from: '', to: '', text: '' };

/** Whether any filter narrows the log. */
export function filtersActive(value: FilterState): boolean {
  return Boolean(value.skill || value.status || value.source || value.range !== 'any' || value.text);
}

const RANGE_MS: Record<Exclude<Range, 'any' | 'custom'>, number> = {
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
  month: 30 * 86_400_000,
};

/**
 * The time bounds a filter state means, now: a custom range's dates and times read in `timeZone`
 * (the owner's, the one the log's times are shown in).
 */
export function timeBounds(filters: FilterState, now: number, timeZone: string): { from?: number; to?: number } {
  if (filters.range === 'any') return {};
  if (filters.range === 'custom') {
    const from = momentOfWallClock(filters.from, timeZone);
    const to = momentOfWallClock(filters.to, timeZone);
    return { ...(Number.isFinite(from) ? { from } : {}), ...(Number.isFinite(to) ? { to } : {}) };
  }
  return { from: now - RANGE_MS[filters.range] };
}

interface Props {
  value: FilterState;
  skills: string[];
  onChange: (next: FilterState) => void;
}

export function AuditFilters({ value, skills, onChange }: Props) {
  const t = useT();
  const id = useId();
  const set = <K extends keyof FilterState>(key: K, v: FilterState[K]) => onChange({ ...value, [key]: v });
  const active = filtersActive(value);
  return (
    <div className="audit-filters" role="search">
      <div className="search-box">
        <Icon name="search" size={14} />
        <input
          type="search"
          data-testid="audit-search"
          aria-label={t.audit.search}
          placeholder={t.audit.search}
          value={value.text}
          // No more than a search may hold: a longer one would be refused (cut, it finds the same calls or more).
          maxLength={MAX_AUDIT_SEARCH_CHARS}
          onChange={(e) => set('text', e.target.value)}
        />
      </div>
      <label className="visually-hidden" htmlFor={`${id}-skill`}>
        {t.audit.columns.skill}
      </label>
      <select
        id={`${id}-skill`}
        data-testid="audit-filter-skill"
        value={value.skill}
        onChange={(e) => set('skill', e.target.value)}
      >
        <option value="">{t.audit.allSkills}</option>
        {skills.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <label className="visually-hidden" htmlFor={`${id}-status`}>
        {t.audit.columns.status}
      </label>
      <select
        id={`${id}-status`}
        data-testid="audit-filter-status"
        value={value.status}
        onChange={(e) => set('status', e.target.value as AuditStatus | '')}
      >
        <option value="">{t.audit.allStatuses}</option>
        {STATUSES.map((s) => (
          <option key={s} value={s}>
            {t.audit.status[s]}
          </option>
        ))}
      </select>
      <label className="visually-hidden" htmlFor={`${id}-source`}>
        {t.audit.columns.source}
      </label>
      <select
        id={`${id}-source`}
        data-testid="audit-filter-source"
        value={value.source}
        onChange={(e) => set('source', e.target.value as AuditSource | '')}
      >
        <option value="">{t.audit.allSources}</option>
        {SOURCES.map((s) => (
          <option key={s} value={s}>
            {t.audit.source[s]}
          </option>
        ))}
      </select>
      <label className="visually-hidden" htmlFor={`${id}-range`}>
        {t.audit.timeRange}
      </label>
      <select
        id={`${id}-range`}
        data-testid="audit-filter-time"
        value={value.range}
        onChange={(e) => set('range', e.target.value as Range)}
      >
        {RANGES.map((r) => (
          <option key={r} value={r}>
            {t.audit.ranges[r]}
          </option>
        ))}
      </select>
      {value.range === 'custom' && (
        <>
          <input
            type="datetime-local"
            data-testid="audit-filter-from"
            aria-label={t.audit.from}
            value={value.from}
            onChange={(e) => set('from', e.target.value)}
          />
          <span className="muted">–</span>
          <input
            type="datetime-local"
            data-testid="audit-filter-to"
            aria-label={t.audit.to}
            value={value.to}
            onChange={(e) => set('to', e.target.value)}
          />
        </>
      )}
      {active && (
        <button type="button" className="link-button" onClick={() => onChange(NO_FILTERS)}>
          {t.audit.clearFilters}
        </button>
      )}
    </div>
  );
}
