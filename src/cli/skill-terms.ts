/** A skill's risk and kind as the commands name them, in English and 简体中文. */
import type { Risk, SkillKind } from '../core/skills/types.js';
import type { Locale } from '../shared/locale.js';

export interface SkillTerms {
  risk: (risk: Risk) => string;
  kind: (kind: SkillKind) => string;
}

export const skillTerms: Record<Locale, SkillTerms> = {
  en: { risk: (risk) => risk, kind: (kind) => kind },
  'zh-CN': {
    risk: (risk) => (risk === 'high' ? '高' : '低'),
    kind: (kind) => ({ script: '脚本', builtin: '内置', instructions: '说明' })[kind],
  },
};
