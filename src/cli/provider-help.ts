/** What `ias chat --help` and `ias provider --help` say of where the model comes from. */
export const providerVariablesHelp = `
The model (any OpenAI-compatible server) is the provider saved with
\`ias provider set\`, or, for one shell, these variables, which override it:
  IAS_LLM_BASE_URL  the server's base URL, usually ending in /v1
                    (a local Ollama: http://127.0.0.1:11434/v1)
  IAS_LLM_MODEL     the model name
  IAS_LLM_API_KEY   the API key (a local server needs none)
\`ias provider\` shows what is used, and where each part comes from.
`;
