import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  appUrlMatcher,
  isNetworkFileUrl,
  isSafeExternalUrl,
  permissionAllowed,
  SECURE_WEB_PREFERENCES,
} from '../../src/main/web-security.js';

describe('window security settings', () => {
  it('every window is isolated, sandboxed, without Node or webviews', () => {
    expect(SECURE_WEB_PREFERENCES).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('only the built renderer page (or the dev server) is the app', () => {
    const rendererFile = path.resolve('/opt/iAs/out/renderer/index.html');
    const isApp = appUrlMatcher({ rendererFile, platform: 'linux' });
    expect(isApp(pathToFileURL(rendererFile).href)).toBe(true);
    expect(isApp(`${pathToFileURL(rendererFile).href}#/skills`)).toBe(true);
    expect(isApp(pathToFileURL('/opt/iAs/out/renderer/other.html').href)).toBe(false);
    expect(isApp(pathToFileURL('/etc/passwd').href)).toBe(false);
    expect(isApp('https://evil.example/index.html')).toBe(false);
    expect(isApp('file://remote-host/opt/iAs/out/renderer/index.html')).toBe(false);
    expect(isApp('not a url')).toBe(false);
    const dev = appUrlMatcher({ rendererFile, devServer: 'http://127.0.0.1:5173/' });
    expect(dev('http://127.0.0.1:5173/#/chat')).toBe(true);
    expect(dev('http://127.0.0.1:5174/')).toBe(false);
    expect(dev(pathToFileURL(rendererFile).href)).toBe(false);
  });

  it('a URL it cannot read is not the app, said without an exception (which would let a navigation through)', () => {
    const rendererFile = path.resolve('/opt/iAs/out/renderer/index.html');
    const isApp = appUrlMatcher({ rendererFile, platform: 'linux' });
    // No path converts from an encoded "/": will-navigate must still get an answer, and refuse it.
    for (const url of ['file:///opt/iAs/out/renderer%2Findex.html', 'file:///tmp%2Fpage.html']) {
      expect(() => isApp(url)).not.toThrow();
      expect(isApp(url)).toBe(false);
      expect(permissionAllowed({ permission: 'clipboard-sanitized-write', pageUrl: url }, isApp)).toBe(false);
    }
    // A dev server address that is no URL makes no page the app's.
    const badDev = appUrlMatcher({ rendererFile, devServer: 'not a url' });
    expect(() => badDev('http://127.0.0.1:5173/')).not.toThrow();
    expect(badDev('http://127.0.0.1:5173/')).toBe(false);
  });

  it('opens only plain http(s) links in the browser', () => {
    expect(isSafeExternalUrl('https://wechaty.js.org/docs')).toBe(true);
    expect(isSafeExternalUrl('http://127.0.0.1:11434')).toBe(true);
    // A reply's mail link opens the mail program, but never one that attaches a file or writes the message.
    expect(isSafeExternalUrl('mailto:owner@example.com')).toBe(true);
    expect(isSafeExternalUrl('mailto:owner@example.com?attach=/etc/passwd')).toBe(false);
    expect(isSafeExternalUrl('mailto:owner@example.com?')).toBe(false);
    for (const bad of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'https://user:pw@host/',
      'ms-settings:',
    ]) {
      expect(isSafeExternalUrl(bad)).toBe(false);
    }
  });

  it('grants only the clipboard write of the Copy buttons, and only to the app page', () => {
    const rendererFile = path.resolve('/opt/iAs/out/renderer/index.html');
    const isApp = appUrlMatcher({ rendererFile, platform: 'linux' });
    const page = `${pathToFileURL(rendererFile).href}#/chat`;
    const copy = { permission: 'clipboard-sanitized-write', pageUrl: page };
    // As a check (which Electron grants unless told otherwise) and as a request.
    expect(permissionAllowed(copy, isApp)).toBe(true);
    expect(permissionAllowed({ ...copy, requestingUrl: page, isMainFrame: true }, isApp)).toBe(true);
    for (const permission of [
      'clipboard-read',
      'media',
      'geolocation',
      'notifications',
      'openExternal',
      'fileSystem',
      'hid',
      'usb',
      'serial',
      'unknown',
    ]) {
      expect(permissionAllowed({ permission, pageUrl: page, requestingUrl: page, isMainFrame: true }, isApp)).toBe(
        false,
      );
    }
    // Not the app's page, a frame inside it, a frame from elsewhere, or no page at all.
    expect(permissionAllowed({ ...copy, pageUrl: 'https://evil.example/' }, isApp)).toBe(false);
    expect(permissionAllowed({ ...copy, isMainFrame: false }, isApp)).toBe(false);
    expect(permissionAllowed({ ...copy, requestingUrl: 'https://evil.example/' }, isApp)).toBe(false);
    expect(permissionAllowed({ ...copy, pageUrl: undefined }, isApp)).toBe(false);
  });
});

describe('file: URLs on another machine', () => {
  it('are told apart from the app’s own files, however the host is written', () => {
    for (const url of [
      'file://evil.example/b.png',
      'file://evil.example/share/x',
      'file:////evil.example/share/x',
      'file:///%5C%5Cevil.example%5Cshare',
      'file:///%2F%2Fevil.example/share',
      'file:\\\\evil.example\\share',
      'FILE://EVIL/x',
    ])
      expect(isNetworkFileUrl(url), url).toBe(true);
    for (const url of [
      pathToFileURL('/opt/iAs/out/renderer/index.html').href,
      'file:///C:/Program%20Files/iAs/resources/app.asar/out/renderer/assets/index.js',
      'file://localhost/opt/iAs/out/renderer/index.html',
      'https://evil.example/b.png',
      'http://127.0.0.1:5173/',
      'data:image/png;base64,AAAA',
      'not a url',
    ])
      expect(isNetworkFileUrl(url), url).toBe(false);
  });
});
