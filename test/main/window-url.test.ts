/**
 * What a new window loads: the app's own page (the dev server or the built index.html), compact or
 * not, open on the page asked for (a task notification's click opens the tasks even when no window
 * was open).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appUrlMatcher } from '../../src/main/web-security.js';
import { pageHash, windowUrl } from '../../src/main/window-url.js';

const rendererFile = path.resolve('/opt/iAs 1/out/renderer/index.html');

describe("a new window's address", () => {
  it('opens the built page on the page asked for, as the renderer routes (#/tasks)', () => {
    const url = new URL(windowUrl({ rendererFile, page: 'tasks' }));
    expect(url.hash).toBe('#/tasks');
    expect(url.search).toBe('');
    expect(url.href).toBe(`${pathToFileURL(rendererFile).href}#/tasks`);
    expect(appUrlMatcher({ rendererFile })(url.href)).toBe(true);
    expect(pageHash('settings')).toBe('#/settings');
  });

  it('without a page, the renderer opens its default one; the compact window keeps ?compact=1', () => {
    expect(windowUrl({ rendererFile })).toBe(pathToFileURL(rendererFile).href);
    const compact = new URL(windowUrl({ rendererFile, compact: true }));
    expect(compact.searchParams.get('compact')).toBe('1');
    expect(compact.hash).toBe('');
    expect(appUrlMatcher({ rendererFile })(compact.href)).toBe(true);
  });

  it('on the dev server: its origin, the query and the page', () => {
    const devServer = 'http://localhost:5173';
    expect(windowUrl({ devServer, rendererFile, page: 'audit' })).toBe('http://localhost:5173/#/audit');
    expect(windowUrl({ devServer, rendererFile, compact: true })).toBe('http://localhost:5173/?compact=1');
    expect(windowUrl({ devServer: 'http://localhost:5173/', rendererFile })).toBe('http://localhost:5173/');
    expect(appUrlMatcher({ devServer, rendererFile })(windowUrl({ devServer, rendererFile, page: 'skills' }))).toBe(
      true,
    );
  });
});
