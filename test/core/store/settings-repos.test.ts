import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../src/core/store/index.js';
import { onCleanup, tempDir } from '../../helpers/temp.js';

function store(file = path.join(tempDir(), 'ias.db')): Store {
  const s = openStore(file);
  onCleanup(() => s.close());
  return s;
}

describe('SkillSettingsRepo', () => {
  it('keeps enabled, reviewed hash and config per skill', () => {
    const { skillSettings } = store();
    expect(skillSettings.get('send_mail')).toBeUndefined();
    skillSettings.setEnabled('send_mail', false);
    expect(skillSettings.get('send_mail')).toEqual({
      name: 'send_mail',
      enabled: false,
      userEnabled: null,
      reviewedHash: null,
      reviewedAt: null,
      config: null,
    });
    skillSettings.setReviewed('send_mail', 'hash-1', 1234);
    skillSettings.setReviewed('run_shell', 'hash-2', 5678);
    skillSettings.setConfig('run_shell', { shell: 'bash' });
    skillSettings.setEnabled('send_mail', true);
    expect(skillSettings.get('send_mail')).toMatchObject({ enabled: true, reviewedHash: 'hash-1', reviewedAt: 1234 });
    expect(skillSettings.list()).toEqual([
      {
        name: 'run_shell',
        enabled: true,
        userEnabled: null,
        reviewedHash: 'hash-2',
        reviewedAt: 5678,
        config: { shell: 'bash' },
      },
      { name: 'send_mail', enabled: true, userEnabled: null, reviewedHash: 'hash-1', reviewedAt: 1234, config: null },
    ]);
    expect(skillSettings.delete('run_shell')).toBe(true);
    expect(skillSettings.delete('run_shell')).toBe(false);
    expect(skillSettings.list().map((s) => s.name)).toEqual(['send_mail']);
  });

  it('says which of some names have saved settings a folder coming or going would move', () => {
    const { skillSettings } = store();
    skillSettings.setEnabled('switched_by_name', false);
    skillSettings.setEnabled({ name: 'own_switch', source: 'user' }, false);
    skillSettings.setReviewed('reviewed', 'hash-1');
    skillSettings.setConfig('configured', { city: 'Hangzhou' });
    const movable = (names: string[]) => skillSettings.movableOf(names).sort((a, b) => (a.name < b.name ? -1 : 1));
    const names = ['own_switch', 'reviewed', 'configured', 'switched_by_name', 'never_set', 'a "quoted" name'];
    expect(movable(names)).toEqual([
      { name: 'configured', ownersOwn: false, nameSwitchOnly: true },
      { name: 'own_switch', ownersOwn: true, nameSwitchOnly: false },
      { name: 'reviewed', ownersOwn: true, nameSwitchOnly: true },
      { name: 'switched_by_name', ownersOwn: false, nameSwitchOnly: true },
    ]);
    expect(movable([])).toEqual([]);
    // What each says is what forgetCopy and giveSwitchToUserSkill then change.
    skillSettings.forgetCopy('own_switch');
    skillSettings.giveSwitchToUserSkill('switched_by_name');
    expect(movable(['own_switch', 'switched_by_name'])).toEqual([
      { name: 'own_switch', ownersOwn: false, nameSwitchOnly: true },
      { name: 'switched_by_name', ownersOwn: true, nameSwitchOnly: false },
    ]);
  });
});

describe('SettingsRepo', () => {
  it('stores JSON values by key, across reopening', () => {
    const file = path.join(tempDir(), 'ias.db');
    const first = openStore(file);
    first.settings.set('model', { baseUrl: 'http://127.0.0.1:1234/v1', name: 'qwen' });
    first.settings.set('maxRounds', 5);
    first.settings.set('owner', 'wxid_abc');
    first.settings.set('owner', 'wxid_def');
    first.close();
    first.close();

    const { settings } = store(file);
    expect(settings.get<{ name: string }>('model')?.name).toBe('qwen');
    expect(settings.get<number>('maxRounds')).toBe(5);
    expect(settings.get('owner')).toBe('wxid_def');
    expect(settings.get('missing')).toBeUndefined();
    settings.set('nothing', null);
    expect(settings.get('nothing')).toBeNull();
    expect(settings.delete('maxRounds')).toBe(true);
    expect(settings.delete('maxRounds')).toBe(false);
    settings.set('owner', undefined);
    expect(settings.all()).toEqual({ model: { baseUrl: 'http://127.0.0.1:1234/v1', name: 'qwen' }, nothing: null });
  });
});
