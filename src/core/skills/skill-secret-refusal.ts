/**
 * A skill's secret setting the secret store refused to read or write (see SecretAccess in
 * key-store.ts): said with the skill, the setting, its file and what mends it (see
 * shared/skill-secrets.ts).
 */
import {
  SecretFileNotOwnError,
  SecretFileOpenError,
  SecretFileRefusedError,
  SecretFolderUnsafeError,
} from '../approval/key-store.js';
import { skillSecretText, type SkillSecretCode } from '../../shared/skill-secrets.js';

export class SkillSecretRefusedError extends Error {
  override readonly name = 'SkillSecretRefusedError';

  constructor(readonly messageCode: SkillSecretCode) {
    const { message } = skillSecretText(messageCode.code, messageCode.params as never);
    super(message);
  }
}

/**
 * The store's refusal of `skill`'s `setting` as a {@link SkillSecretRefusedError}; any other error
 * as it is.
 */
export function skillSecretRefusal(err: unknown, skill: string, setting: string): unknown {
  if (!(err instanceof SecretFileRefusedError)) return err;
  const where = { skill, setting, file: err.file };
  if (err instanceof SecretFolderUnsafeError) {
    return new SkillSecretRefusedError({
      code: 'skill-secret-folder-unsafe',
      params: { ...where, unsafe: err.unsafe },
    });
  }
  if (err instanceof SecretFileNotOwnError) {
    return new SkillSecretRefusedError({ code: 'skill-secret-file-not-own', params: { ...where, uid: err.uid } });
  }
  if (err instanceof SecretFileOpenError) {
    const mode = err.mode.toString(8).padStart(3, '0');
    return new SkillSecretRefusedError({ code: 'skill-secret-file-open', params: { ...where, mode } });
  }
  return err;
}
