/**
 * The order SKILL.md problems are shown in, wherever a list of them is (`ias skills check`, `ias
 * skills list`, `ias serve`'s terminal, the skills page and its editor): file by file, each file's
 * as they stand in it, not as the checks happened to find them. Plain functions: no Node, no DOM.
 */

/**
 * `problems` by file, in the order the files first appear, and within a file by line: first those
 * without a line (about the file or folder as a whole), then line by line. Problems at one place
 * keep their order (an error given before a warning stays before it).
 */
export function inFileOrder<P extends { path: string; line?: number }>(problems: readonly P[]): P[] {
  const fileIndex = new Map<string, number>();
  for (const p of problems) if (!fileIndex.has(p.path)) fileIndex.set(p.path, fileIndex.size);
  // Stable (as every sort is since ES2019): problems at one place keep their order. Lines count from 1.
  return [...problems].sort((a, b) => fileIndex.get(a.path)! - fileIndex.get(b.path)! || (a.line ?? 0) - (b.line ?? 0));
}

/** Errors and warnings as one list, each marked with its severity: each file's together, by line. */
export function problemsInFileOrder<P extends { path: string; line?: number }>(
  errors: readonly P[],
  warnings: readonly P[],
): (P & { severity: 'error' | 'warning' })[] {
  return inFileOrder([
    ...errors.map((problem) => ({ ...problem, severity: 'error' as const })),
    ...warnings.map((problem) => ({ ...problem, severity: 'warning' as const })),
  ]);
}
