import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real HTTP server on 127.0.0.1 speaking the OpenAI chat-completions protocol, standing in for the LLM
 * provider (the only thing outside our machine). Each test sets how it answers.
 */
export interface ChatRequest {
  model: string;
  /** A picture comes as parts: `{ type: "text" }` and `{ type: "image_url", image_url: { url: "data:…" } }`. */
  messages: { role: string; content: string | ChatContentPart[] }[];
  response_format?: unknown;
  authorization: string | undefined;
}

export type ChatContentPart =
  | { type: "text"; text: string }
  | { type: "image_url"; image_url: { url: string } };

/** The user message's text (the text part when it came with a picture). */
export function userText(request: ChatRequest): string {
  const content = request.messages.find((m) => m.role === "user")?.content ?? "";
  if (typeof content === "string") return content;
  return content.map((part) => (part.type === "text" ? part.text : "")).join("\n");
}

export type FakeAnswer =
  | { kind: "json"; value: unknown }
  | { kind: "text"; content: string }
  | { kind: "status"; status: number; body?: unknown }
  | { kind: "slow"; ms: number; answer: FakeAnswer };

export interface FakeLlm {
  /** e.g. http://127.0.0.1:40123/v1 */
  baseUrl: string;
  requests: ChatRequest[];
  /** How to answer the next requests (default: the first four classes offered, as the model would). */
  answer(handler: (request: ChatRequest) => FakeAnswer): void;
  close(): Promise<void>;
}

/** The numbered classes the prompt offers ("1. Country Pleasure Open (2026-08-20)"), in order. */
export function offeredClasses(request: ChatRequest): string[] {
  return [...userText(request).matchAll(/^\d+\. (.*) \(\d{4}-\d{2}-\d{2}\)$/gm)].map((m) => m[1]!);
}

/** A well-behaved model: the first `n` offered classes, each with a reason. */
export const pickOffered =
  (n = 4) =>
  (request: ChatRequest): FakeAnswer => ({
    kind: "json",
    value: {
      recommendations: offeredClasses(request)
        .slice(0, n)
        .map((className) => ({ className, reason: `The model likes ${className}.` })),
    },
  });

function completion(content: string) {
  return {
    id: "chatcmpl-fake",
    object: "chat.completion",
    created: 1_700_000_000,
    model: "fake-model",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeLlm(): Promise<FakeLlm> {
  let handler: (request: ChatRequest) => FakeAnswer = pickOffered();
  const requests: ChatRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server: Server = createServer(async (req, res) => {
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res
        .writeHead(404, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: "no route" } }));
      return;
    }
    const body = JSON.parse(await readBody(req)) as Omit<ChatRequest, "authorization">;
    const request: ChatRequest = { ...body, authorization: req.headers.authorization };
    requests.push(request);
    const send = (answer: FakeAnswer): void => {
      if (res.destroyed) return;
      if (answer.kind === "slow") {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send(answer.answer);
        }, answer.ms);
        timers.add(timer);
        return;
      }
      if (answer.kind === "status") {
        res
          .writeHead(answer.status, { "content-type": "application/json" })
          .end(
            JSON.stringify(
              answer.body ?? { error: { message: "The fake provider failed.", type: "server_error" } },
            ),
          );
        return;
      }
      const content = answer.kind === "json" ? JSON.stringify(answer.value) : answer.content;
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(completion(content)));
    };
    send(handler(request));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    answer(next) {
      handler = next;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
