/** Shared by every benchmark: timing statistics and the one-line report of a figure against its target. */

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export const median = (values: number[]) => percentile(values, 50);

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The figure must be at most this. */
  target: number;
}

const results: Figure[] = [];

/** Prints `name: value unit (target ≤ target unit) ok|MISSED` and records it for the summary. */
export function report(figure: Figure): void {
  results.push(figure);
  const ok = figure.value <= figure.target;
  const fmt = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(n < 1 ? 3 : 2));
  console.log(
    `${figure.name}: ${fmt(figure.value)} ${figure.unit} (target ≤ ${fmt(figure.target)} ${figure.unit}) ${ok ? 'ok' : 'MISSED'}`,
  );
}

export function reported(): Figure[] {
  return results;
}
