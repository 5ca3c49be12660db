/** Skills manager: every skill in a table, load problems, and the selected skill's settings and SKILL.md editor. */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SkillInfo } from '../../shared/contract.js';
import { localText } from '../../shared/skill-text.js';
import { client, errorText } from '../api/client.js';
import { useIasEvent, useLoad } from '../api/hooks.js';
import { switchedAsChosen, useUnanswered } from '../api/unanswered.js';
import { isShown, navigate } from '../app/router.js';
import { useToast } from '../app/Toasts.js';
import { useLeaveGuard } from '../app/useLeaveGuard.js';
import { useLocale, useT } from '../i18n.js';
import { NewSkillDialog } from '../skills/NewSkillDialog.js';
import { problemUserSkill } from '../skills/problem-folder.js';
import { ReviewDialog } from '../skills/ReviewDialog.js';
import { SkillEditor } from '../skills/SkillEditor.js';
import { SkillProblems } from '../skills/SkillProblems.js';
import { SkillsTable } from '../skills/SkillsTable.js';
import { Icon } from '../ui/icons.js';
import { Spinner } from '../ui/Spinner.js';
import { takingItsPlace } from '../ui/taking-its-place.js';

export function SkillsPage({ selected }: { selected?: string }) {
  const t = useT();
  const locale = useLocale();
  const toast = useToast();
  const [revision, setRevision] = useState(0);
  const state = useLoad(() => client.call.listSkills());
  const { reload, setData } = state;
  useIasEvent((event) => {
    if (event.type !== 'skills-changed') return;
    reload();
    setRevision((r) => r + 1);
  });
  const [filter, setFilter] = useState('');
  const [creating, setCreating] = useState(false);
  const [draft, setDraft] = useState<{ name: string; content: string }>();
  const [dirty, setDirty] = useState(false);

  const toggles = useUnanswered<{ name: string; enabled: boolean }>();
  const skills = useMemo(
    () => switchedAsChosen(state.data?.skills ?? [], toggles.choices, (c, skill) => c.name === skill.name),
    [state.data, toggles.choices],
  );
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    if (!needle) return skills;
    // The words the owner sees, and the English ones (the name the model knows the skill by, too).
    const words = (s: SkillInfo) => [
      s.name,
      s.title,
      s.description,
      localText(s, 'title', locale),
      localText(s, 'description', locale),
    ];
    return skills.filter((s) => words(s).some((text) => text.toLowerCase().includes(needle)));
  }, [skills, filter, locale]);
  const current = skills.find((s) => s.name === selected);
  const draftHere = draft && draft.name === selected ? draft.content : undefined;
  // The owner's skills with a problem in their SKILL.md: one that no longer loads (saved here with
  // an error, say) keeps its editor, to be fixed there, and its name stays taken.
  const withProblems = useMemo(() => {
    const userDir = state.data?.userDir ?? '';
    return new Set((state.data?.problems ?? []).map((p) => problemUserSkill(p.path, userDir)));
  }, [state.data]);
  const brokenHere = selected !== undefined && !current && withProblems.has(selected);

  // Leaving unsaved edits asks first: a link elsewhere in the app, as closing or switching the skill.
  const { guarded, dialog: leaveDialog } = useLeaveGuard(dirty, t.skills.discardMessage, () => setDirty(false));

  const select = (name: string) => {
    if (name === selected) return;
    guarded(() => {
      setDraft(undefined);
      navigate('skills', name);
    });
  };

  const patch = (name: string, change: Partial<SkillInfo>) =>
    setData((data) => data && { ...data, skills: data.skills.map((s) => (s.name === name ? { ...s, ...change } : s)) });

  // A switch shows the last choice until it is answered (see useUnanswered), then as saved; a refused
  // one shows the skill as the core has it.
  const toggle = (skill: SkillInfo, enabled: boolean) => {
    toggles
      .send({ name: skill.name, enabled }, client.call.setSkillEnabled(skill.name, enabled), () =>
        patch(skill.name, { enabled }),
      )
      .catch((err: unknown) => {
        reload();
        toast({ tone: 'error', title: t.skills.toggleFailed, body: errorText(t, err) });
      });
  };

  // Review shows every file of the skill's version first; what is marked is the version shown.
  const [reviewing, setReviewing] = useState<string>();
  const review = (skill: SkillInfo) => setReviewing(skill.name);
  // A skill marked reviewed loses its Review button, where the focus goes back as the dialog closes:
  // its name in the table has it instead.
  const page = useRef<HTMLDivElement>(null);
  const focusName = useCallback((name: string) => {
    page.current?.querySelector<HTMLElement>(`tr[data-name="${CSS.escape(name)}"] .row-link`)?.focus();
  }, []);
  const marked = useRef<string | undefined>(undefined);
  useEffect(() => {
    const name = marked.current;
    if (name === undefined || reviewing !== undefined) return;
    marked.current = undefined;
    focusName(name);
  }, [reviewing, focusName]);
  // Likewise the details closed, which held the focus: back to the skill's name in the table.
  const closed = useRef<string | undefined>(undefined);
  // The skill next to the one shown, as last listed (the list may have lost it by the time it is deleted).
  const nextToSelected = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (shown.some((s) => s.name === selected))
      nextToSelected.current = takingItsPlace(shown, (s) => s.name === selected)?.name;
  }, [shown, selected]);
  useEffect(() => {
    const name = closed.current;
    if (name === undefined || selected !== undefined) return;
    closed.current = undefined;
    focusName(name);
  }, [selected, focusName]);

  const create = async (name: string, kind: 'script' | 'instructions') => {
    setCreating(false);
    try {
      const content = await client.call.skillTemplate(kind, locale);
      // Opened where it was asked for: an owner gone elsewhere meanwhile is not taken back, and
      // one who has begun editing the skill shown meanwhile is asked first.
      if (!isShown('skills', selected)) return;
      guarded(() => {
        setDraft({ name, content });
        navigate('skills', name);
      });
    } catch (err) {
      toast({ tone: 'error', title: t.skills.templateFailed, body: errorText(t, err) });
    }
  };

  const onSaved = useCallback(() => reload(), [reload]);
  // A new skill stops being a draft once the list has it.
  useEffect(() => {
    if (draft && skills.some((s) => s.name === draft.name && s.source === 'user')) setDraft(undefined);
  }, [draft, skills]);
  const close = () =>
    guarded(() => {
      setDraft(undefined);
      closed.current = selected;
      navigate('skills');
    });

  return (
    <div ref={page} className={selected ? 'skills-page with-editor' : 'skills-page'}>
      <div className="skills-top">
        <header className="page-head">
          <h1>{t.skills.title}</h1>
          {state.data && <span className="muted">{t.skills.count(skills.length)}</span>}
          {state.loading && <Spinner />}
          <span className="spacer" />
          <div className="search-box">
            <Icon name="search" size={14} />
            <input
              type="search"
              value={filter}
              placeholder={t.skills.filter}
              aria-label={t.skills.filter}
              data-testid="skills-filter"
              onChange={(e) => setFilter(e.target.value)}
            />
          </div>
          <button
            type="button"
            className="button button-primary"
            data-testid="skill-new"
            onClick={() => guarded(() => setCreating(true))}
          >
            <Icon name="plus" size={14} /> {t.skills.newSkill}
          </button>
        </header>
        {state.error && (
          <p className="notice notice-error" role="alert">
            {state.error}
          </p>
        )}
        {state.data && <SkillProblems problems={state.data.problems} />}
        {state.data && (
          <SkillsTable
            skills={shown}
            empty={filter.trim() ? t.skills.noMatch(filter.trim()) : undefined}
            selected={selected}
            onSelect={select}
            onToggle={toggle}
            onReview={review}
          />
        )}
        {state.data && <p className="hint folders">{t.skills.folders(state.data.userDir, state.data.systemDir)}</p>}
      </div>
      {selected && (current || draftHere !== undefined || brokenHere) && (
        <SkillEditor
          key={selected}
          name={selected}
          skill={current}
          draft={draftHere}
          revision={revision}
          onDirtyChange={setDirty}
          onSaved={onSaved}
          onConfigSaved={(name, config) => {
            patch(name, { config });
            reload();
          }}
          onToggle={toggle}
          onReview={review}
          onDeleted={() => {
            // An owner gone on to another skill meanwhile keeps its edits, and the question before leaving them.
            if (isShown('skills', selected)) {
              setDirty(false);
              // Its name goes too: the focus goes to that of the skill taking its place (else the one before).
              closed.current = nextToSelected.current;
              navigate('skills');
            }
            reload();
          }}
          onClose={close}
        />
      )}
      {selected && !current && draftHere === undefined && !brokenHere && state.data && (
        <p className="notice notice-info skills-missing">{t.skills.notFound(selected)}</p>
      )}
      <ReviewDialog
        name={reviewing}
        onClose={() => setReviewing(undefined)}
        onDone={reload}
        onMarked={(name) => (marked.current = name)}
      />
      <NewSkillDialog
        open={creating}
        skills={skills}
        unloaded={withProblems}
        onCancel={() => setCreating(false)}
        onCreate={(n, k) => void create(n, k)}
      />
      {leaveDialog}
    </div>
  );
}
