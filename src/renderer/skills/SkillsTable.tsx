/**
 * Every skill: name (and "Needs setup" when settings are missing), source, risk (and the risk it
 * runs at now), kind, an enabled switch and its review state. A row opens the skill's details.
 */
import type { SkillInfo } from '../../shared/contract.js';
import { alternatives } from '../../shared/name-lists.js';
import { localText } from '../../shared/skill-text.js';
import { useLocale, useT } from '../i18n.js';
import { Icon } from '../ui/icons.js';
import { Switch } from '../ui/Switch.js';

interface Props {
  skills: SkillInfo[];
  /** Said in the table when it has no skill to show (a filter that matches none). */
  empty?: string;
  selected: string | undefined;
  onSelect: (name: string) => void;
  onToggle: (skill: SkillInfo, enabled: boolean) => void;
  onReview: (skill: SkillInfo) => void;
}

export function SourceLabel({ skill }: { skill: SkillInfo }) {
  const t = useT();
  if (skill.overrides) return <span className="source-pill source-override">{t.skills.source.overrides}</span>;
  return <span className={`source-pill source-${skill.source}`}>{t.skills.source[skill.source]}</span>;
}

export function RiskLabel({ skill }: { skill: SkillInfo }) {
  const t = useT();
  return (
    <span className="risk-cell">
      <span className={`risk-pill risk-${skill.risk}`}>{t.skills.risk[skill.risk]}</span>
      {skill.effectiveRisk !== skill.risk && (
        <span className="risk-pill risk-unreviewed" data-testid="skill-unreviewed" title={t.skills.unreviewedHint}>
          {t.skills.unreviewedRunsAs(t.skills.risk[skill.effectiveRisk])}
        </span>
      )}
    </span>
  );
}

/** "Needs setup", naming what is missing on hover. */
export function NeedsSetupBadge({ skill }: { skill: SkillInfo }) {
  const t = useT();
  const locale = useLocale();
  if (skill.needsConfig.length === 0) return null;
  return (
    <span
      className="setup-pill"
      data-testid="skill-needs-setup"
      title={t.skills.needsSetupHint(skill.needsConfig.map((names) => alternatives(names, locale)))}
    >
      <Icon name="alert" size={11} /> {t.skills.needsSetup}
    </span>
  );
}

/** Opens the skill's review (the list's and the details' Review). */
export function ReviewButton(props: {
  skill: SkillInfo;
  testId: string;
  onReview: (skill: SkillInfo) => void;
  /** Why it cannot be used now, if it cannot. */
  unavailable?: string;
}) {
  const t = useT();
  return (
    <button
      type="button"
      className="button button-small"
      data-testid={props.testId}
      title={props.unavailable ?? t.skills.reviewHint}
      disabled={props.unavailable !== undefined}
      onClick={() => props.onReview(props.skill)}
    >
      {t.skills.review}
    </button>
  );
}

export function SkillsTable({ skills, empty, selected, onSelect, onToggle, onReview }: Props) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="table-scroll">
      <table className="skills-table" data-testid="skills-table">
        <thead>
          <tr>
            <th scope="col">{t.skills.columns.name}</th>
            <th scope="col">{t.skills.columns.source}</th>
            <th scope="col">{t.skills.columns.risk}</th>
            <th scope="col" className="col-kind">
              {t.skills.columns.kind}
            </th>
            <th scope="col">{t.skills.columns.enabled}</th>
            <th scope="col">{t.skills.columns.review}</th>
          </tr>
        </thead>
        <tbody>
          {skills.length === 0 && empty && (
            <tr>
              <td colSpan={6} className="muted skills-no-match" data-testid="skills-no-match">
                {empty}
              </td>
            </tr>
          )}
          {skills.map((skill) => (
            <tr
              key={skill.name}
              data-testid="skill-row"
              data-name={skill.name}
              className={skill.name === selected ? 'selected' : undefined}
              aria-selected={skill.name === selected}
              onClick={() => onSelect(skill.name)}
            >
              <td className="skill-name-cell">
                <button
                  type="button"
                  className="row-link"
                  onClick={(e) => {
                    e.stopPropagation();
                    onSelect(skill.name);
                  }}
                  title={localText(skill, 'description', locale)}
                >
                  <span className="skill-title-line">
                    <span className="skill-title">{localText(skill, 'title', locale) || skill.name}</span>
                    <NeedsSetupBadge skill={skill} />
                  </span>
                  <code className="skill-name">{skill.name}</code>
                </button>
              </td>
              <td>
                <SourceLabel skill={skill} />
              </td>
              <td>
                <RiskLabel skill={skill} />
              </td>
              <td className="col-kind muted">{t.skills.kind[skill.kind]}</td>
              <td onClick={(e) => e.stopPropagation()}>
                <span className="enabled-cell">
                  <Switch
                    checked={skill.enabled}
                    ariaLabel={t.skills.enable(skill.name)}
                    testId="skill-enabled"
                    onChange={(on) => onToggle(skill, on)}
                  />
                  {!skill.enabled && skill.needsConfig.length > 0 && (
                    <span className="off-note" data-testid="skill-off-until-setup">
                      {t.skills.offUntilSetUp}
                    </span>
                  )}
                </span>
              </td>
              <td onClick={(e) => e.stopPropagation()}>
                {skill.reviewed ? (
                  <span className="muted reviewed">
                    <Icon name="check" size={13} /> {t.skills.reviewed}
                  </span>
                ) : (
                  <ReviewButton skill={skill} testId="skill-review" onReview={onReview} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
