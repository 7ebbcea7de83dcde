/** The AI provider could not answer (HTTP error, timeout, malformed or invalid output). Details go to the log. */
export class AiProviderError extends Error {
  override name = "AiProviderError";
}
