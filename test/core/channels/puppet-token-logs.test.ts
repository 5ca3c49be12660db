/**
 * The puppet service's token is a credential: what the WeChat stack prints while it looks for the
 * service (on the terminal of `ias serve`, in a service's journal) never holds it, even as the
 * discovery fails again and again.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/temp.js';

describe('the puppet service’s token while the service is looked for', () => {
  it('is printed nowhere', () => {
    const token = 'puppet_service_3f9c1a7e-5b2d-4e8f-9a6c-0d1b2c3e4f5a';
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.resolve('test/fixtures/puppet-service-host.ts')], {
      // A port where nothing listens: the discovery fails at once.
      env: { ...process.env, IAS_HOME: tempDir(), PUPPET_TOKEN: token, PUPPET_AUTHORITY: '127.0.0.1:1' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stdout).toMatch(/STATUS error/);
    expect(`${run.stdout}${run.stderr}`).not.toContain('3f9c1a7e');
  });
});
