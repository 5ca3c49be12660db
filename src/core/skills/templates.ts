/**
 * The SKILL.md a new skill starts from, in the UI's language: a script skill (the seed shape) or
 * an instruction skill (front matter and a body). Only the words a person reads are translated:
 * the section headings, front-matter keys, risk and JSON Schema keys the parser needs stay as
 * they are, so every template loads as a valid skill.
 */
import type { Locale } from '../../shared/locale.js';

export type SkillTemplateKind = 'script' | 'instructions';

interface TemplateWords {
  title: string;
  description: string;
  paramDescription: string;
  said: string;
  instructionsDescription: string;
  instructionsTitle: string;
  steps: [string, string];
}

const WORDS: Record<Locale, TemplateWords> = {
  en: {
    title: 'My skill',
    description: 'Says what this skill does, in one or two sentences: the model reads this to decide when to use it.',
    paramDescription: 'what to work on',
    said: 'You said',
    instructionsDescription: 'When to use these instructions, in one sentence.',
    instructionsTitle: 'How to do it',
    steps: ['First step.', 'Second step.'],
  },
  'zh-CN': {
    title: '我的技能',
    description: '用一两句话说明这个技能做什么：模型读这段话来决定什么时候用它。',
    paramDescription: '要处理的内容',
    said: '你说的是',
    instructionsDescription: '用一句话说明什么时候用这些说明。',
    instructionsTitle: '怎么做',
    steps: ['第一步。', '第二步。'],
  },
};

function scriptTemplate(w: TemplateWords): string {
  return `# ${w.title}

${w.description}

## Risk Level

Low

## Parameters

\`\`\`json
{
  "type": "object",
  "properties": {
    "text": { "type": "string", "description": ${JSON.stringify(w.paramDescription)} }
  },
  "required": ["text"]
}
\`\`\`

## Execute

\`\`\`bash
echo "${w.said}: $SKILL_PARAM_TEXT"
\`\`\`
`;
}

function instructionsTemplate(w: TemplateWords): string {
  return `---
description: ${w.instructionsDescription}
---

# ${w.instructionsTitle}

1. ${w.steps[0]}
2. ${w.steps[1]}
`;
}

/** The template of `kind` in `locale` (English when none is given). */
export function skillTemplate(kind: SkillTemplateKind, locale: Locale = 'en'): string {
  const words = WORDS[locale];
  return kind === 'script' ? scriptTemplate(words) : instructionsTemplate(words);
}
