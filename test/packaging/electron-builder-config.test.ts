/**
 * The packaging config as electron-builder itself reads it (electron-builder.yml over package.json,
 * checked against its schema): the .deb's own check passes, which needs a homepage and a maintainer.
 * Without a homepage the check takes the project's GitHub remote, which a local clone may not have:
 * `npm run dist` stopped there with "Please specify project homepage".
 */
import { LinuxPackager, Packager, type Target } from 'electron-builder';
import { expect, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';

it('the .deb target passes its own check: a homepage of its own, and the maintainer', async () => {
  const packager = new Packager({ projectDir: process.cwd() });
  await packager.validateConfig();
  // Of its own, not taken from wherever the clone's remote points.
  expect(packager.metadata.homepage).toBe('https://ias.local');
  expect(packager.config.linux?.maintainer).toBe('iAs engineers <dev@ias.local>');

  const targets = new Map<string, Target>();
  const outDir = tempDir('ias-dist-');
  new LinuxPackager(packager).createTargets(['deb'], (name, factory) => targets.set(name, factory(outDir)));
  const deb = targets.get('deb');
  expect(deb).toBeDefined();
  // Throws what `npm run dist` would stop with.
  await deb!.checkOptions();
});
