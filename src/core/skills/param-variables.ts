/**
 * A script skill's parameter names as the variables its script gets them in (`SKILL_PARAM_<NAME>`,
 * see environment.ts). Two names that make one variable, and a name with no letter or digit, get
 * no variable (the script reads them from SKILL_PARAMS or stdin): a warning of the SKILL.md when
 * it loads says so, rather than the author finding a variable missing when the script runs. Not
 * an error: the arguments still reach the script, and names in other scripts (城市, 日期) all
 * make `SKILL_PARAM___`-like variables.
 */
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { namesItsVariable, paramVariable } from './environment.js';
import type { ReportProblem } from './problem.js';

/** The JSON text a schema was written as, and the file line it begins on. */
export interface SchemaText {
  text: string;
  firstLine: number;
}

/** The file line of property `name` in the schema's text, when the text shows it. */
function nameLine(written: SchemaText | undefined, name: string): number | undefined {
  const root = written && parseTree(written.text);
  const key = root && findNodeAtLocation(root, ['properties', name])?.parent?.children?.[0];
  if (!written || !key) return undefined;
  return written.firstLine + (written.text.slice(0, key.offset).match(/\n/g)?.length ?? 0);
}

/**
 * Reports each top-level parameter whose variable another one already makes, or whose name has no
 * letter or digit: at its line in `written` when found there, else at `line` (where the schema is).
 */
export function checkParamVariables(
  schema: Record<string, unknown>,
  line: number | undefined,
  warn: ReportProblem,
  written?: SchemaText,
): void {
  const properties = schema.properties;
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return;
  const firstOf = new Map<string, string>();
  for (const name of Object.keys(properties)) {
    const variable = paramVariable(name);
    const at = () => nameLine(written, name) ?? line;
    if (!namesItsVariable(name)) {
      warn('parameter-variable-unnamed', { name: JSON.stringify(name), variable }, at());
      continue;
    }
    const first = firstOf.get(variable);
    if (first === undefined) firstOf.set(variable, name);
    else
      warn('parameter-variable-clash', { first: JSON.stringify(first), second: JSON.stringify(name), variable }, at());
  }
}
