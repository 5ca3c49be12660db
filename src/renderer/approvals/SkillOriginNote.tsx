/**
 * The line of an approval whose skill is a user skill in a shipped one's name (not the shipped one),
 * or a Low skill asked about only because it is not reviewed (and how to review it).
 */
import { isNoted, type SkillOrigin } from '../../shared/approval-messages.js';
import { useT } from '../i18n.js';

export function SkillOriginNote({ skill, origin }: { skill: string; origin: SkillOrigin | undefined }) {
  const t = useT();
  if (!isNoted(origin)) return null;
  return (
    <p
      className={`approval-origin approval-origin-${origin}`}
      data-testid="approval-origin"
      data-origin={origin}
      role={origin === 'user-override' ? undefined : 'alert'}
    >
      {t.approvals.origins[origin](skill)}
    </p>
  );
}
