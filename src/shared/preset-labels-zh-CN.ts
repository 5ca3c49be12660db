/**
 * Provider presets' names in 简体中文 where they differ from the core's (English) labels, by the
 * preset's id: the app's Settings page and `ias provider` say them alike. Plain data: no Node, no DOM.
 */
export const chinesePresetLabels: Partial<Record<string, string>> = {
  qwen: '通义千问（DashScope 兼容模式）',
  moonshot: 'Moonshot（Kimi）',
  ollama: 'Ollama（本地）',
};
