import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/renderer/i18n/en.js';

const RENDERER = path.join(import.meta.dirname, '../../src/renderer');

/** The text of every renderer source file outside the words tables. */
function rendererSource(dir = RENDERER): string {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'i18n' ? '' : rendererSource(file);
      return /\.tsx?$/.test(entry.name) ? fs.readFileSync(file, 'utf8') : '';
    })
    .join('\n');
}

describe("the UI's words tables", () => {
  it('hold no words the UI no longer shows', () => {
    const source = rendererSource();
    // Named words only: tables by code ('call-refused', from shared/) are looked up by the code.
    const unused = Object.entries(en).flatMap(([table, words]) =>
      words && typeof words === 'object'
        ? Object.keys(words)
            .filter((key) => /^[A-Za-z]\w*$/.test(key) && !new RegExp(`\\b${key}\\b`).test(source))
            .map((key) => `${table}.${key}`)
        : [],
    );
    expect(unused).toEqual([]);
  });
});
