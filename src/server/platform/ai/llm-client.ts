import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, Output } from "ai";
import type { z } from "zod";
import type { AiConfig } from "#server/config.ts";
import { AiProviderError } from "#server/platform/ai/ai-error.ts";

type LlmSettings = Extract<AiConfig, { provider: "llm" }>;

/** Structured calls to an OpenAI-compatible chat-completions endpoint. */
export interface LlmClient {
  /**
   * Asks for JSON matching `schema` and returns it validated. Any failure (HTTP error, timeout, JSON that
   * does not parse or does not match) becomes an AiProviderError; the cause is kept for the log.
   */
  generateObject<T>(request: {
    schema: z.ZodType<T>;
    system: string;
    prompt: string;
    image?: LlmImage;
  }): Promise<T>;
}

/** A picture sent with the prompt (the OpenAI-compatible wire form is a base64 data URL). */
export interface LlmImage {
  data: Buffer;
  mediaType: "image/jpeg";
}

export function createLlmClient(settings: LlmSettings): LlmClient {
  const provider = createOpenAICompatible({
    name: "ringside-llm",
    baseURL: settings.baseUrl,
    apiKey: settings.apiKey,
    // json_schema response_format: Ollama, vLLM, llama.cpp and hosted OpenAI all accept it.
    supportsStructuredOutputs: true,
  });
  const model = provider.chatModel(settings.model);
  return {
    async generateObject<T>({
      schema,
      system,
      prompt,
      image,
    }: {
      schema: z.ZodType<T>;
      system: string;
      prompt: string;
      image?: LlmImage;
    }) {
      try {
        const result = await generateText({
          model,
          system,
          ...(image
            ? {
                messages: [
                  {
                    role: "user" as const,
                    content: [
                      { type: "text" as const, text: prompt },
                      {
                        type: "image" as const,
                        image: image.data.toString("base64"),
                        mediaType: image.mediaType,
                      },
                    ],
                  },
                ],
              }
            : { prompt }),
          output: Output.object({ schema }),
          temperature: 0,
          // One retry on a 5xx or 429 from the provider, inside the same overall time limit.
          maxRetries: 1,
          timeout: settings.timeoutMs,
        });
        return result.output as T;
      } catch (error) {
        throw new AiProviderError(error instanceof Error ? error.message : String(error), { cause: error });
      }
    },
  };
}
