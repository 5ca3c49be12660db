/** The line of an approval whose skill is a user skill in a shipped one's name: not the shipped one. */
import { isOverride, type SkillOrigin } from '../../shared/approval-messages.js';
import { useT } from '../i18n.js';

export function SkillOriginNote({ skill, origin }: { skill: string; origin: SkillOrigin | undefined }) {
  const t = useT();
  if (!isOverride(origin)) return null;
  return (
    <p
      className={`approval-origin approval-origin-${origin}`}
      data-testid="approval-origin"
      data-origin={origin}
      role={origin === 'user-override-unreviewed' ? 'alert' : undefined}
    >
      {t.approvals.origins[origin](skill)}
    </p>
  );
}
