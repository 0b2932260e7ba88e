import { z } from 'zod';

/**
 * The AI text provider (decision 0020): one interface, one implementation for any OpenAI-compatible chat-completions
 * server (OpenAI, Azure's compatible endpoint, a local llama.cpp / vLLM / Ollama server): POST {baseUrl}/chat/completions
 * with a model, a system and a user message. Unconfigured (no base URL) there is no provider, and the call answers
 * ai_not_configured. A server that does not answer within the time-out, answers an error status, or answers something
 * that is not a chat completion with text throws LlmCallError (ai_call_failed): nothing half-made reaches the caller.
 */
export interface LlmConfig {
  baseUrl: string | undefined;
  model: string;
  apiKey: string | undefined;
  timeoutMs: number;
}

export interface ChatRequest {
  system: string;
  user: string;
  /** Upper bound of the answer's tokens. */
  maxTokens?: number;
  /** 0 for a reading that must repeat itself (bookings); default 0.7, for prose. */
  temperature?: number;
  /** Ask for a JSON object (`response_format: json_object`): the server answers one parseable object, not prose. */
  json?: boolean;
}

export interface TextGenerator {
  /** The assistant's text, trimmed and not empty; else throws LlmCallError. */
  complete(request: ChatRequest): Promise<string>;
}

export class LlmCallError extends Error {
  override name = 'LlmCallError';
}

/** The part of a chat-completions answer we read. */
const completion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable().optional() }) })).min(1),
});

/** Longest answer body read (a normal completion is a few KB). */
const MAX_ANSWER_BYTES = 256 * 1024;

export function createLlm(config: LlmConfig): TextGenerator | null {
  const { baseUrl } = config;
  if (!baseUrl) return null;
  return {
    async complete(request) {
      let res: Response;
      try {
        res = await fetch(`${baseUrl}/chat/completions`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: config.model,
            messages: [
              { role: 'system', content: request.system },
              { role: 'user', content: request.user },
            ],
            temperature: request.temperature ?? 0.7,
            max_tokens: request.maxTokens ?? 600,
            ...(request.json ? { response_format: { type: 'json_object' } } : {}),
            stream: false,
          }),
          // The whole exchange, answer body included, within the time-out.
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (err) {
        throw new LlmCallError(`no answer: ${(err as Error).name}`);
      }
      let raw: string;
      try {
        raw = await res.text();
      } catch (err) {
        throw new LlmCallError(`answer cut off: ${(err as Error).name}`);
      }
      if (!res.ok) throw new LlmCallError(`status ${res.status}`);
      if (raw.length > MAX_ANSWER_BYTES) throw new LlmCallError('answer too long');
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        throw new LlmCallError('answer is not JSON');
      }
      const parsed = completion.safeParse(json);
      const content = parsed.success ? parsed.data.choices[0]?.message.content?.trim() : undefined;
      if (!content) throw new LlmCallError('answer has no text');
      return content;
    },
  };
}
