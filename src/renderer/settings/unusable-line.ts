/**
 * What is wrong with a model setting in use that cannot be used, in the UI's language: the base URL
 * as a turn says it (the address shown, a password hidden), the API key by its flaw alone (never
 * any part of it) or by its file that others can read (with the command that makes it private),
 * each naming where it comes from. The variable that holds it when it is one.
 */
import type { ProviderInfo } from '../../shared/contract.js';
import { shellWord } from '../../shared/shell-word.js';
import { turnLine } from '../chat/turn-line.js';
import type { Strings } from '../i18n/en.js';

export type Unusable = NonNullable<ProviderInfo['unusable']>;

export function unusableLine(t: Strings, unusable: Unusable): string {
  const code = unusable.messageCode;
  if (code.code === 'api-key-flawed') {
    const flaw = t.provider.keyFlaw[code.params.reason];
    return unusable.from === 'env' ? t.provider.envKeyUnusable(flaw) : t.provider.savedKeyUnusable(flaw);
  }
  if (code.code === 'api-key-file-open') {
    return t.provider.savedKeyFileOpen(code.params.mode, `chmod 600 ${shellWord(code.params.file)}`);
  }
  return turnLine(t, unusable.message, code);
}

/** The IAS_LLM_* variable that sets `unusable`'s setting. */
export function unusableVariable(unusable: Unusable): string {
  return unusable.setting === 'base-url' ? 'IAS_LLM_BASE_URL' : 'IAS_LLM_API_KEY';
}
