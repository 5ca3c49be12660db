/**
 * The app's secrets lie over the files `ias` writes in the same folder. The sealed layer here is a
 * second private-file store (the OS keychain cannot be reached in tests); the layering is what is
 * tested: what the command line set is seen, and what the app sets replaces it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileSecretStore, LayeredSecretStore } from '../../../src/core/approval/key-store.js';
import { tempDir } from '../../helpers/temp.js';

describe('the app’s secrets over the command line’s', () => {
  it('reads a secret set from the command line; setting or deleting it in the app leaves no stale copy', () => {
    const dir = path.join(tempDir('ias-secrets-'), 'secrets');
    const cli = new FileSecretStore(dir);
    const app = new LayeredSecretStore(new FileSecretStore(path.join(dir, 'sealed')), new FileSecretStore(dir));
    cli.set('skill-config.query_weather.QWEATHER_KEY', Buffer.from('from-cli'));
    expect(app.get('skill-config.query_weather.QWEATHER_KEY')?.toString()).toBe('from-cli');

    app.set('skill-config.query_weather.QWEATHER_KEY', Buffer.from('from-app'));
    expect(app.get('skill-config.query_weather.QWEATHER_KEY')?.toString()).toBe('from-app');
    // The command line no longer reads the old value (it cannot read the sealed one).
    expect(cli.get('skill-config.query_weather.QWEATHER_KEY')).toBeUndefined();
    expect(fs.existsSync(path.join(dir, 'skill-config.query_weather.QWEATHER_KEY'))).toBe(false);

    cli.set('llm-api-key', Buffer.from('sk-cli'));
    app.delete('llm-api-key');
    app.delete('skill-config.query_weather.QWEATHER_KEY');
    expect(app.get('llm-api-key')).toBeUndefined();
    expect(cli.get('llm-api-key')).toBeUndefined();
    expect(app.get('skill-config.query_weather.QWEATHER_KEY')).toBeUndefined();
    expect(app.get('never-set')).toBeUndefined();
  });
});
