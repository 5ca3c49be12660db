/**
 * One skill's details. Its SKILL.md: the editor (read-only for system skills, which offer "Copy to
 * my skills"), live validation as you type, Save, and Delete for user skills. A skill that declares
 * settings also has a Settings tab, shown first.
 */
import { useEffect, useRef, useState } from 'react';
import type { SkillConfigField, SkillFile, SkillInfo, SkillValidation } from '../../shared/contract.js';
import { client, errorText } from '../api/client.js';
import { useDebounced } from '../api/hooks.js';
import { useToast } from '../app/Toasts.js';
import { useT } from '../i18n.js';
import { ConfirmDialog } from '../ui/Dialog.js';
import { Icon } from '../ui/icons.js';
import { Spinner } from '../ui/Spinner.js';
import { useFocusKept } from '../ui/useFocusKept.js';
import { CodeEditor, type CodeEditorHandle } from './CodeEditor.js';
import { lineBreakOf, sameLines, withLineBreaks } from './line-breaks.js';
import { SkillSettings } from './SkillSettings.js';
import { SkillTabs, type SkillTab } from './SkillTabs.js';
import { NeedsSetupBadge, ReviewButton, RiskLabel, SourceLabel } from './SkillsTable.js';
import { ValidationPanel } from './ValidationPanel.js';

interface Props {
  name: string;
  skill: SkillInfo | undefined;
  /** A new skill's template, not saved yet. */
  draft?: string;
  /** Bumped when the skills on disk changed. */
  revision: number;
  onDirtyChange: (dirty: boolean) => void;
  onSaved: (name: string) => void;
  onConfigSaved: (name: string, config: SkillConfigField[]) => void;
  onToggle: (skill: SkillInfo, enabled: boolean) => void;
  /** Opens the skill's review (as the list's Review does); never offered over unsaved edits. */
  onReview: (skill: SkillInfo) => void;
  onDeleted: () => void;
  onClose: () => void;
}

const VALIDATE_DELAY_MS = 300;

export function SkillEditor(props: Props) {
  const {
    name,
    skill,
    draft,
    revision,
    onDirtyChange,
    onSaved,
    onConfigSaved,
    onToggle,
    onReview,
    onDeleted,
    onClose,
  } = props;
  const t = useT();
  const toast = useToast();
  const [file, setFile] = useState<SkillFile>();
  const [loadFailure, setLoadError] = useState<{ error: unknown }>();
  /** The editor's build (its key), and whether it takes the focus once built. */
  const [mount, setMount] = useState({ key: 0, focus: false });
  /** The text in the editor, in the file's own line breaks: what Save writes. */
  const [content, setContent] = useState('');
  const [saved, setSaved] = useState<string | undefined>();
  const [validation, setValidation] = useState<SkillValidation>();
  const [validationFailure, setValidationError] = useState<{ error: unknown }>();
  const loadError = loadFailure && errorText(t, loadFailure.error);
  const validationError = validationFailure && errorText(t, validationFailure.error);
  const [busy, setBusy] = useState<'save' | 'copy' | 'delete'>();
  // Save and Copy are disabled while they work, and Save after it (nothing left to save), Copy then
  // gone: the focus comes back to the button, or else goes to the editor, to write on.
  const panel = useRef<HTMLElement>(null);
  const keepFocus = useFocusKept(busy !== undefined, () => panel.current?.querySelector<HTMLElement>('.cm-content'));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const editor = useRef<CodeEditorHandle>(undefined);
  /** Builds the editor anew for another text, with the focus if the one it replaces had it. */
  const rebuild = () => {
    const focus = editor.current?.hasFocus() ?? false;
    setMount((m) => ({ key: m.key + 1, focus }));
  };
  const isNew = draft !== undefined && saved === undefined;
  // Line breaks alone are no edit: the editor shows none, and the owner can neither see nor undo them.
  const dirty = saved === undefined ? draft !== undefined : !sameLines(content, saved);
  const editable = (file?.source ?? 'user') === 'user';
  const hasSettings = (skill?.config.length ?? 0) > 0;
  const [tab, setTab] = useState<SkillTab>(hasSettings ? 'settings' : 'file');
  const showing = hasSettings ? tab : 'file';
  const [settingsDirty, setSettingsDirty] = useState(false);

  // Load the file (or the draft) when the skill changes, and again after an outside change: at once if
  // untouched, else once the edits are undone.
  /** What the editor shows now, for answers that come later. */
  const shown = useRef({ content, dirty, saved, source: file?.source });
  useEffect(() => {
    shown.current = { content, dirty, saved, source: file?.source };
  });
  /** The editor holds a draft's text: when the draft ends (saved, listed), the text stays as it is. */
  const heldDraft = useRef(false);
  /** The text the last save here sent: on disk once the draft ends, whichever comes first, its answer or the list. */
  const sentText = useRef<string>(undefined);
  useEffect(() => {
    if (draft !== undefined) {
      heldDraft.current = true;
      sentText.current = undefined;
      setFile({ name, source: 'user', path: '', content: draft });
      setContent(draft);
      setSaved(undefined);
      rebuild();
      return;
    }
    // Kept only if saved from here: a skill of that name made elsewhere is loaded as it is.
    const sent = sentText.current;
    const keepText = heldDraft.current && sent !== undefined;
    heldDraft.current = false;
    // Saved as sent: text typed since (which differs from it) is an edit still to save.
    if (keepText) setSaved((s) => s ?? sent);
    let live = true;
    client.call.readSkill(name).then(
      (loaded) => {
        if (!live) return;
        setFile(loaded);
        setLoadError(undefined);
        if (keepText && loaded.source === 'user') {
          // Its path is known now. The text, the place in it and the focus stay: what was typed
          // after saving is an edit to save next, not lost to a new editor.
          setSaved((s) => s ?? loaded.content);
          return;
        }
        setContent(loaded.content);
        setSaved(loaded.content);
        rebuild();
      },
      (err: unknown) => {
        if (live) setLoadError({ error: err });
      },
    );
    return () => {
      live = false;
    };
  }, [name, draft]);

  /**
   * The file as an outside change left it while edits were held here (they stay over it), and the
   * text those edits began from: once they are undone back to that text, the file is shown as it
   * now is, not the text from before the change as if it were the file.
   */
  const changedUnderEdits = useRef<{ file: SkillFile; over: string | undefined }>(undefined);
  useEffect(() => {
    if (revision === 0 || draft !== undefined) return;
    let live = true;
    client.call.readSkill(name).then(
      (loaded) => {
        if (!live) return;
        const now = shown.current;
        if (now.dirty) {
          const changed = loaded.content !== now.saved || loaded.source !== now.source;
          changedUnderEdits.current = changed ? { file: loaded, over: now.saved } : undefined;
          return;
        }
        changedUnderEdits.current = undefined;
        setFile(loaded);
        // The text shown is the file's already (saved here, say): the editor stays as it is, and
        // the next save keeps the file's line breaks as they are now.
        if (sameLines(shown.current.content, loaded.content) && shown.current.source === loaded.source) {
          setSaved(loaded.content);
          return;
        }
        setContent(loaded.content);
        setSaved(loaded.content);
        rebuild();
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [revision, name, draft]);

  /** Typed or undone in the editor. */
  const edited = (typed: string) => {
    // Kept in the file's line breaks (CRLF stays CRLF), lines typed or pasted too.
    const text = withLineBreaks(typed, lineBreakOf(saved ?? content));
    const changed = changedUnderEdits.current;
    if (changed !== undefined && saved !== undefined && sameLines(text, saved)) {
      changedUnderEdits.current = undefined;
      // The edits over the change are undone (and nothing saved since): the file as it now is.
      if (changed.over === saved) {
        setFile(changed.file);
        setContent(changed.file.content);
        setSaved(changed.file.content);
        rebuild();
        return;
      }
    }
    setContent(text);
  };

  const anyDirty = dirty || settingsDirty;
  useEffect(() => onDirtyChange(anyDirty), [anyDirty, onDirtyChange]);
  useEffect(() => {
    if (!anyDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [anyDirty]);

  const settled = useDebounced(content, VALIDATE_DELAY_MS);
  const ready = file !== undefined && settled === content;
  const [inFlight, setInFlight] = useState(false);
  useEffect(() => {
    if (!ready) return;
    let live = true;
    setInFlight(true);
    client.call.validateSkill(name, settled).then(
      (result) => {
        if (!live) return;
        setValidation(result);
        setValidationError(undefined);
        setInFlight(false);
      },
      (err: unknown) => {
        if (!live) return;
        setValidationError({ error: err });
        setInFlight(false);
      },
    );
    return () => {
      live = false;
    };
  }, [name, settled, ready]);
  const checking = inFlight || settled !== content;

  const save = async () => {
    if (!editable || busy || (!dirty && !isNew)) return;
    keepFocus();
    setBusy('save');
    const sentBefore = sentText.current;
    sentText.current = content;
    try {
      const result = await client.call.saveSkill(name, content);
      // The file is written even when invalid (no work is lost); the registry reports its problems.
      // Text typed since has its own check coming, which this one must not overwrite.
      if (shown.current.content === content) setValidation(result);
      setSaved(content);
      if (result.ok) toast({ tone: 'success', title: t.skills.saved(name) });
      else toast({ tone: 'error', title: t.skills.savedWithErrors(name), body: t.skills.errors(result.errors.length) });
      onSaved(name);
    } catch (err) {
      sentText.current = sentBefore;
      toast({ tone: 'error', title: t.skills.notSaved, body: errorText(t, err) });
    } finally {
      setBusy(undefined);
    }
  };

  const copy = async () => {
    keepFocus();
    setBusy('copy');
    try {
      const copied = await client.call.copySkillToUser(name);
      setFile(copied);
      setContent(copied.content);
      setSaved(copied.content);
      rebuild();
      toast({ tone: 'success', title: t.skills.copied(name) });
      onSaved(name);
    } catch (err) {
      toast({ tone: 'error', title: t.skills.copyFailed, body: errorText(t, err) });
    } finally {
      setBusy(undefined);
    }
  };

  const remove = async () => {
    setConfirmDelete(false);
    setBusy('delete');
    try {
      await client.call.deleteSkill(name);
      toast({ tone: 'success', title: t.skills.deleted(name) });
      onDeleted();
    } catch (err) {
      toast({ tone: 'error', title: t.skills.deleteFailed, body: errorText(t, err) });
    } finally {
      setBusy(undefined);
    }
  };

  const fileActions = editable ? (
    <>
      {!isNew && (
        <button
          type="button"
          className="button"
          data-testid="skill-delete"
          disabled={busy !== undefined}
          onClick={() => setConfirmDelete(true)}
        >
          <Icon name="trash" size={14} /> {t.common.delete}
        </button>
      )}
      <button
        type="button"
        className="button button-primary"
        data-testid="skill-save"
        disabled={busy !== undefined || (!dirty && !isNew)}
        onClick={() => void save()}
        aria-keyshortcuts="Control+S Meta+S"
      >
        {busy === 'save' && <Spinner size={12} />} {t.common.save}
      </button>
    </>
  ) : (
    <button
      type="button"
      className="button button-primary"
      data-testid="skill-copy"
      disabled={busy !== undefined || skill?.kind === 'builtin'}
      title={skill?.kind === 'builtin' ? t.skills.builtinNoCopy : undefined}
      onClick={() => void copy()}
    >
      <Icon name="copy" size={14} /> {t.skills.copyToUser}
    </button>
  );

  return (
    <section
      ref={panel}
      className="skill-editor-panel"
      data-testid="skill-editor-panel"
      aria-label={t.skills.editing(name)}
    >
      <header className="editor-head">
        <h2>
          <code title={name}>{name}</code>
          {anyDirty && (
            <span className="dirty-dot" title={t.skills.unsaved} aria-label={t.skills.unsaved}>
              ●
            </span>
          )}
        </h2>
        {skill && <SourceLabel skill={skill} />}
        {skill && <RiskLabel skill={skill} />}
        {skill && <NeedsSetupBadge skill={skill} />}
        {isNew && <span className="source-pill source-user">{t.skills.newBadge}</span>}
        {hasSettings && (
          <SkillTabs current={showing} needsSetup={(skill?.needsConfig.length ?? 0) > 0} onChange={setTab} />
        )}
        {showing === 'file' && (
          <span className="editor-path muted" title={file?.path}>
            <span dir="ltr">{file?.path}</span>
          </span>
        )}
        <span className="spacer" />
        {showing === 'file' && fileActions}
        <button
          type="button"
          className="icon-button"
          aria-label={t.common.close}
          title={t.common.close}
          onClick={onClose}
        >
          <Icon name="close" />
        </button>
      </header>
      {showing === 'file' && !editable && <p className="notice notice-info editor-notice">{t.skills.systemReadOnly}</p>}
      {skill && !skill.reviewed && (
        <p className="notice notice-warn editor-notice review-notice" data-testid="skill-unreviewed-notice">
          <span>{t.skills.unreviewedNotice}</span>
          <ReviewButton
            skill={skill}
            testId="skill-editor-review"
            onReview={onReview}
            unavailable={dirty ? t.skills.reviewUnsaved : undefined}
          />
        </p>
      )}
      {loadError && (
        <p className="notice notice-error" role="alert">
          {loadError}
        </p>
      )}
      {skill && hasSettings && (
        <div
          role="tabpanel"
          id="skill-tabpanel-settings"
          aria-labelledby="skill-tab-settings"
          className="editor-tabpanel"
          hidden={showing !== 'settings'}
        >
          <SkillSettings
            skill={skill}
            onToggle={onToggle}
            onSaved={(config) => onConfigSaved(name, config)}
            onDirtyChange={setSettingsDirty}
          />
        </div>
      )}
      <div
        className="editor-body"
        role={hasSettings ? 'tabpanel' : undefined}
        id="skill-tabpanel-file"
        aria-labelledby={hasSettings ? 'skill-tab-file' : undefined}
        hidden={showing !== 'file'}
      >
        {file ? (
          <CodeEditor
            key={mount.key}
            initial={content}
            readOnly={!editable}
            label={t.skills.editorLabel(name)}
            problems={validation ? [...validation.errors, ...validation.warnings] : []}
            onChange={edited}
            onSave={() => void save()}
            handle={(h) => (editor.current = h)}
            autoFocus={isNew || mount.focus}
          />
        ) : (
          !loadError && (
            <div className="page-loading">
              <Spinner />
            </div>
          )
        )}
        <ValidationPanel
          validation={validation}
          checking={checking}
          error={validationError}
          onGoToLine={(line) => editor.current?.goToLine(line)}
        />
      </div>
      <ConfirmDialog
        open={confirmDelete}
        title={t.skills.deleteTitle}
        message={t.skills.deleteMessage(name)}
        confirmLabel={t.common.delete}
        danger
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      />
    </section>
  );
}
