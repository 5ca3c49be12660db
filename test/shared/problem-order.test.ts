import { expect, it } from 'vitest';
import { inFileOrder, problemsInFileOrder } from '../../src/shared/problem-order.js';

it('orders problems file by file as the files first come, each by line, those without a line first', () => {
  const found = [
    { path: 'b/SKILL.md', line: 9, message: 'b9' },
    { path: 'a/SKILL.md', line: 12, message: 'a12' },
    { path: 'b/SKILL.md', line: 2, message: 'b2' },
    { path: 'a/SKILL.md', message: 'a-whole' },
    { path: 'a/SKILL.md', line: 3, message: 'a3' },
    { path: 'b/SKILL.md', line: 2, message: 'b2-again' },
  ];
  expect(inFileOrder(found).map((p) => p.message)).toEqual(['b2', 'b2-again', 'b9', 'a-whole', 'a3', 'a12']);
  expect(found[0]!.message).toBe('b9'); // the list given is left as it was
});

it('puts errors and warnings together, each marked, an error before a warning at the same line', () => {
  const errors = [
    { path: 's/SKILL.md', line: 10, message: 'risk' },
    { path: 's/SKILL.md', line: 4, message: 'timeout' },
  ];
  const warnings = [
    { path: 's/SKILL.md', line: 5, message: 'key' },
    { path: 's/SKILL.md', line: 4, message: 'also 4' },
  ];
  expect(problemsInFileOrder(errors, warnings).map((p) => `${p.severity} ${p.line} ${p.message}`)).toEqual([
    'error 4 timeout',
    'warning 4 also 4',
    'warning 5 key',
    'error 10 risk',
  ]);
});
