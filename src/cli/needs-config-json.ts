/** `needsConfig` in `--json` (`ias skills list`, `ias skills config`): its shape for scripts. */
import { alternatives } from '../shared/name-lists.js';

/**
 * Each requirement as one English text ("SMTP_HOST", "TAVILY_API_KEY or SEARXNG_URL"), as `--json`
 * has always given it, whatever the owner's language.
 */
export const needsConfigJson = (missing: string[][]): string[] => missing.map((names) => alternatives(names, 'en'));
