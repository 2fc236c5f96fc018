import { limits } from '@parley/contracts';
import { type FastifyBaseLogger } from 'fastify';
import OpenAI from 'openai';
import { buildChatMessages } from './companion.prompt.js';
import { CompanionProviderError, type CompanionProvider } from './companion.provider.js';

export interface OpenAiProviderOptions {
  /** e.g. https://api.openai.com/v1, http://127.0.0.1:11434/v1 (Ollama), a vLLM or llama.cpp server. */
  baseUrl: string;
  apiKey?: string;
  /** The default model; a persona may name another. */
  model: string;
  /** Waiting for the response, and then for each next piece of a streamed reply. */
  timeoutMs?: number;
  /** Extra attempts after the first: the SDK's own (429 honouring Retry-After, 5xx, timeouts, network), and a dropped stream. */
  retries?: number;
  log?: FastifyBaseLogger;
}

/**
 * Any OpenAI-compatible chat-completions endpoint through the official `openai` SDK, streamed.
 * The SDK retries failed requests (with back-off, honouring Retry-After); a stream that breaks
 * after it started is asked again from the start here, and the caller is told (offset 0).
 */
export function createOpenAiProvider(options: OpenAiProviderOptions): CompanionProvider {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const retries = options.retries ?? 2;
  const client = new OpenAI({ baseURL: options.baseUrl, apiKey: options.apiKey ?? 'not-needed', timeout: timeoutMs, maxRetries: retries });

  return {
    kind: 'openai',
    async reply(context, { signal, onDelta } = {}) {
      const model = context.persona.model ?? options.model;
      let lastError: unknown;
      for (let attempt = 1; attempt <= retries + 1; attempt++) {
        // While streaming, silence for longer than the timeout ends the attempt (the SDK's timeout covers the request).
        const idle = new AbortController();
        let idleTimer: NodeJS.Timeout | undefined;
        const touch = () => {
          clearTimeout(idleTimer);
          idleTimer = setTimeout(() => idle.abort(), timeoutMs);
        };
        let streaming = false;
        let text = '';
        let usage: { promptTokens: number; completionTokens: number } | null = null;
        try {
          const stream = await client.chat.completions.create(
            {
              model,
              messages: buildChatMessages(context),
              stream: true,
              stream_options: { include_usage: true },
              temperature: context.persona.temperature,
              max_tokens: context.persona.maxTokens,
            },
            { signal: signal ? AbortSignal.any([signal, idle.signal]) : idle.signal },
          );
          streaming = true;
          touch();
          for await (const chunk of stream) {
            touch();
            const piece = chunk.choices[0]?.delta?.content;
            if (piece && text.length < limits.messageMaxChars) {
              onDelta?.(piece, text.length);
              text += piece;
            }
            if (chunk.usage) usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
          }
          const reply = text.trim().slice(0, limits.messageMaxChars);
          if (!reply) throw new Error('the endpoint returned an empty reply');
          return { text: reply, model, usage };
        } catch (error) {
          if (signal?.aborted) throw error;
          lastError = idle.signal.aborted ? new Error(`the stream stalled for ${timeoutMs} ms`) : error;
          options.log?.warn({ attempt, err: String(lastError) }, 'companion provider attempt failed');
          // The SDK already retried the request (429 with Retry-After, 5xx, timeouts); only a stream that broke is asked again.
          if (!streaming) break;
        } finally {
          clearTimeout(idleTimer);
        }
      }
      throw new CompanionProviderError(`no reply: ${lastError instanceof Error ? lastError.message : String(lastError)}`, retries + 1, lastError);
    },
  };
}
