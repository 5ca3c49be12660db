/**
 * The lines about a turn as the command line says them: the app's tables (shared/turn-messages*),
 * but where the app points to its settings, `ias` points to `ias provider set`.
 */
import type { Locale } from '../shared/locale.js';
import { englishTurnMessages, noModelConfigured, type TurnMessageStrings } from '../shared/turn-messages.js';
import { chineseNoModelConfigured, chineseTurnMessages } from '../shared/turn-messages-zh-CN.js';

export const cliTurnMessages: Record<Locale, TurnMessageStrings> = {
  en: {
    ...englishTurnMessages,
    'no-model-configured': (p) => noModelConfigured(p, 'save one with `ias provider set`'),
  },
  'zh-CN': {
    ...chineseTurnMessages,
    'no-model-configured': (p) => chineseNoModelConfigured(p, '用 `ias provider set` 保存一个服务商'),
  },
};
