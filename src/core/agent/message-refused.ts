/**
 * The owner's message refused before anything is stored or sent to the model (it holds an approval
 * code, see AgentOptions.refuseMessage): its message is the refusal's words, for the owner.
 */
export class MessageRefusedError extends Error {
  override readonly name = 'MessageRefusedError';
}
