/** The placeholder page: who iAs is, and the skills it has. The real UI comes later. */
import { useEffect, useState } from 'react';
import type { IasApi, SkillSummary } from '../shared/contract.js';
import { t } from './i18n.js';

type SkillsState =
  { status: 'loading' } | { status: 'ready'; skills: SkillSummary[] } | { status: 'failed'; reason: string };

export function App() {
  const api: IasApi | undefined = window.ias;
  return (
    <main className="page">
      <header className="header">
        <h1>iAs</h1>
        <p className="tagline">{t.tagline}</p>
        {api && <Version api={api} />}
      </header>
      {api ? (
        <Skills api={api} />
      ) : (
        <section className="notice" role="status">
          <h2>{t.noApiTitle}</h2>
          <p>{t.noApiBody}</p>
          <pre className="command">npx ias skills list</pre>
        </section>
      )}
    </main>
  );
}

function Version({ api }: { api: IasApi }) {
  const [version, setVersion] = useState<string>();
  useEffect(() => {
    let live = true;
    api.version().then(
      (v) => {
        if (live) setVersion(v);
      },
      () => undefined, // the version is a nicety; the page works without it
    );
    return () => {
      live = false;
    };
  }, [api]);
  return version ? <p className="version">{t.version(version)}</p> : null;
}

function Skills({ api }: { api: IasApi }) {
  const [state, setState] = useState<SkillsState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    api.listSkills().then(
      (skills) => {
        if (live) setState({ status: 'ready', skills });
      },
      (err: unknown) => {
        if (live) setState({ status: 'failed', reason: err instanceof Error ? err.message : String(err) });
      },
    );
    return () => {
      live = false;
    };
  }, [api]);

  return (
    <section className="skills" aria-busy={state.status === 'loading'}>
      <h2>{t.skills}</h2>
      {state.status === 'loading' && <p className="muted">{t.loading}</p>}
      {state.status === 'failed' && (
        <p className="error" role="alert">
          {t.loadFailed(state.reason)}
        </p>
      )}
      {state.status === 'ready' && state.skills.length === 0 && <p className="muted">{t.empty}</p>}
      {state.status === 'ready' && state.skills.length > 0 && (
        <ul className="skill-list">
          {state.skills.map((skill) => (
            <SkillItem key={skill.name} skill={skill} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SkillItem({ skill }: { skill: SkillSummary }) {
  return (
    <li className="skill">
      <div className="skill-head">
        <span className="skill-title">{skill.title || skill.name}</span>
        <code className="skill-name">{skill.name}</code>
      </div>
      {skill.description && <p className="skill-description">{skill.description}</p>}
      <div className="badges">
        <span className={`badge risk-${skill.risk}`}>{t.risk[skill.risk]}</span>
        <span className="badge">{t.source[skill.source]}</span>
        <span className="badge">{t.kind[skill.kind]}</span>
        {skill.overrides && <span className="badge">{t.overrides}</span>}
      </div>
    </li>
  );
}
