/**
 * The URLs a reply's links and images keep: on the desktop app's file: page, a protocol-relative
 * `//host/x` would be `file://host/x`, a Windows share that gets the owner's NTLM hash.
 */
import { describe, expect, it } from 'vitest';
import { isAppRoute, replyUrl } from '../../src/renderer/chat/reply-urls.js';

/** What each kept URL means on the app's own page, loaded from a file. */
const onAppPage = (url: string) => new URL(url, 'file:///C:/Program%20Files/iAs/out/renderer/index.html').href;

describe('a reply’s URLs', () => {
  it('keeps web and mail links, written as the browser reads them', () => {
    expect(replyUrl('https://example.com/a?b=c#d')).toBe('https://example.com/a?b=c#d');
    expect(replyUrl('http://example.com')).toBe('http://example.com/');
    expect(replyUrl('HTTPS://Example.COM/x')).toBe('https://example.com/x');
    expect(replyUrl('mailto:owner@example.com')).toBe('mailto:owner@example.com');
    // Footnotes' links within the reply (remark-gfm's ids).
    expect(replyUrl('#user-content-fn-1')).toBe('#user-content-fn-1');
    expect(replyUrl('#user-content-fnref-my%20note')).toBe('#user-content-fnref-my%20note');
    // A mail link that would set the message's headers, body or attachment is dropped.
    for (const url of ['mailto:a@example.com?attach=/etc/passwd', 'mailto:a@example.com?body=x', 'mailto:?to=a@b.c'])
      expect(replyUrl(url), url).toBeUndefined();
    expect(replyUrl('https://example.com/%E4%BD%A0')).toBe('https://example.com/%E4%BD%A0');
  });

  it('keeps the app’s own routes, which open in the app', () => {
    expect(replyUrl('#/skills/weather')).toBe('#/skills/weather');
    expect(isAppRoute('#/skills/weather')).toBe(true);
    expect(isAppRoute('https://example.com/#/skills')).toBe(false);
  });

  it('drops every way of naming another host without a web scheme', () => {
    const tricks = [
      '//evil.example/b.png',
      '\\\\evil.example\\x',
      '/\\evil.example/x',
      '\\/evil.example/x',
      ' //evil.example/x',
      '\t//evil.example/x',
      '/\t/evil.example/x',
      '/\n/evil.example/x',
      '\u0000//evil.example/x',
      '\u00a0//evil.example/x',
      '\ufeff//evil.example/x',
      '\u200b//evil.example/x',
      '///evil.example/x',
      'file://evil.example/x',
      'FILE:///C:/Windows/win.ini',
      'file:evil.example',
      'http:evil.example/x',
      'http:/evil.example/x',
      'https:\\\\evil.example\\x',
      'https://evil.example\\@good.example/',
      'https://user:pass@evil.example/',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'vbscript:x',
      'ms-settings:',
      'smb://evil.example/x',
    ];
    for (const url of tricks) expect(replyUrl(url), JSON.stringify(url)).toBeUndefined();
  });

  it('drops paths on the app’s own page (a local file) and plain fragments', () => {
    for (const url of ['/etc/passwd', 'C:/Windows/win.ini', 'b.png', '../x', '?x', '#top', '#user-content-x', ''])
      expect(replyUrl(url), JSON.stringify(url)).toBeUndefined();
  });

  it('keeps nothing that reads as a file: URL on the app’s page', () => {
    const tries = [
      'https://example.com/x',
      'mailto:a@example.com',
      '#/chat',
      '//evil.example/x',
      '\\\\evil\\x',
      'b.png',
    ];
    for (const url of tries) {
      const kept = replyUrl(url);
      if (kept !== undefined) expect(onAppPage(kept).startsWith('file:') && !kept.startsWith('#/'), url).toBe(false);
    }
  });
});
