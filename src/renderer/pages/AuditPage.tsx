/**
 * Audit log: every skill call, filtered and searched, in a virtualised table; details in a drawer;
 * export. It follows new calls: at the top with nothing open they come in at once; scrolled down
 * or reading a call, a pill says how many wait above, and the view stays where it is.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { AuditQuery, AuditRowInfo } from '../../shared/contract.js';
import { client, errorText } from '../api/client.js';
import { useDebounced, useLoad } from '../api/hooks.js';
import { useTimeZone } from '../app/SettingsProvider.js';
import { useToast } from '../app/Toasts.js';
import { AuditDrawer } from '../audit/AuditDrawer.js';
import { AuditFilters, filtersActive, NO_FILTERS, timeBounds, type FilterState } from '../audit/AuditFilters.js';
import { AuditTable } from '../audit/AuditTable.js';
import { stampedName } from '../audit/export-name.js';
import { NewCallsPill } from '../audit/NewCallsPill.js';
import { useAuditPages } from '../audit/useAuditPages.js';
import { useLocale, useT } from '../i18n.js';
import { Icon } from '../ui/icons.js';
import { Spinner } from '../ui/Spinner.js';
import { useFocusKept } from '../ui/useFocusKept.js';

const SEARCH_DELAY_MS = 300;

export function AuditPage() {
  const t = useT();
  const locale = useLocale();
  const timeZone = useTimeZone();
  const toast = useToast();
  const [filters, setFilters] = useState<FilterState>(NO_FILTERS);
  const text = useDebounced(filters.text, SEARCH_DELAY_MS);
  // The row picked with the keys, by id: new rows may come in above it.
  const [activeId, setActiveId] = useState<number>();
  const [open, setOpen] = useState<AuditRowInfo>();
  const [atTop, setAtTop] = useState(true);
  const [exporting, setExporting] = useState<'csv' | 'json'>();
  /** Both exports are disabled while one is written: the focus comes back to the one pressed. */
  const keepFocus = useFocusKept(exporting !== undefined);
  const tableBody = useRef<HTMLDivElement>(null);

  const { skill, status, source, range, from, to } = filters;
  const query = useMemo<AuditQuery>(() => {
    const bounds = timeBounds({ ...NO_FILTERS, range, from, to }, Date.now(), timeZone);
    return {
      ...(skill ? { skill } : {}),
      ...(status ? { status } : {}),
      ...(source ? { source } : {}),
      // Why a call did not run is found by the words this page shows it in.
      ...(text.trim() ? { text: text.trim(), language: locale } : {}),
      ...bounds,
    };
  }, [skill, status, source, range, from, to, text, locale, timeZone]);
  const pages = useAuditPages(query, atTop && !open);
  const { rows } = pages;
  const active = useMemo(() => {
    const index = activeId === undefined ? -1 : rows.findIndex((row) => row.id === activeId);
    return index < 0 ? undefined : index;
  }, [rows, activeId]);
  const onActive = useCallback((row: AuditRowInfo) => setActiveId(row.id), []);
  // The open call as last read (its end, once it has ended).
  const openRow = useMemo(() => open && (rows.find((row) => row.id === open.id) ?? open), [rows, open]);
  const showNews = () => {
    pages.showNews();
    tableBody.current?.scrollTo({ top: 0 });
  };
  // After the first page: the rows are what the page is for.
  const skillList = useLoad(
    () => client.call.listSkills(),
    [],
    (e) => e.type === 'skills-changed',
  );

  const skillNames = useMemo(() => {
    const names = new Set(skillList.data?.skills.map((s) => s.name) ?? []);
    if (skill) names.add(skill);
    return [...names].sort();
  }, [skillList.data, skill]);

  const exportAs = async (format: 'csv' | 'json') => {
    keepFocus();
    setExporting(format);
    try {
      // Of any size: the transport saves it a piece at a time (a CSV with its byte order mark).
      await client.saveAuditExport(query, format, stampedName('ias-audit', format, timeZone));
    } catch (err) {
      toast({ tone: 'error', title: t.audit.exportFailed, body: errorText(t, err) });
    } finally {
      setExporting(undefined);
    }
  };

  // Before the first rows come, how many there are is not known (the table says it is loading).
  const count = !pages.hasMore ? t.audit.loaded(rows.length) : rows.length > 0 ? t.audit.loadedMore(rows.length) : '';
  return (
    <div className={open ? 'audit-page with-drawer' : 'audit-page'}>
      <div className="audit-main">
        <header className="page-head">
          <h1>{t.audit.title}</h1>
          <span className="muted" data-testid="audit-count" aria-live="polite">
            {count}
          </span>
          {pages.loading && <Spinner />}
          <span className="spacer" />
          <button
            type="button"
            className="button"
            onClick={pages.reload}
            aria-label={t.common.refresh}
            title={t.common.refresh}
          >
            <Icon name="refresh" size={14} />
          </button>
          <button
            type="button"
            className="button"
            data-testid="audit-export-csv"
            disabled={exporting !== undefined}
            onClick={() => void exportAs('csv')}
          >
            <Icon name="download" size={14} /> CSV
          </button>
          <button
            type="button"
            className="button"
            data-testid="audit-export-json"
            disabled={exporting !== undefined}
            onClick={() => void exportAs('json')}
          >
            <Icon name="download" size={14} /> JSON
          </button>
        </header>
        <AuditFilters
          value={filters}
          skills={skillNames}
          onChange={(next) => {
            setFilters(next);
            setActiveId(undefined);
          }}
        />
        {pages.error && (
          <p className="notice notice-error" role="alert">
            {pages.error}
          </p>
        )}
        {!pages.loading && rows.length === 0 && !pages.error ? (
          <div className="empty-state" data-testid="audit-empty">
            <Icon name="audit" size={24} />
            <p>{filtersActive(filters) ? t.audit.empty : t.audit.emptyYet}</p>
          </div>
        ) : null}
        <div className="audit-table-area">
          <AuditTable
            rows={rows}
            hasMore={pages.hasMore}
            loading={pages.loading}
            active={active}
            onActive={onActive}
            onOpen={setOpen}
            loadMore={pages.loadMore}
            bodyRef={tableBody}
            onAtTop={setAtTop}
          />
          {pages.news > 0 && <NewCallsPill count={pages.news} more={pages.newsMore} onShow={showNews} />}
        </div>
      </div>
      {openRow && (
        <AuditDrawer
          row={openRow}
          onClose={() => {
            setOpen(undefined);
            tableBody.current?.focus();
          }}
        />
      )}
    </div>
  );
}
