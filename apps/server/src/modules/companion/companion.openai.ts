import { limits } from '@parley/contracts';
import { type FastifyBaseLogger } from 'fastify';
import { buildChatMessages } from './companion.prompt.js';
import { CompanionProviderError, type CompanionContext, type CompanionProvider } from './companion.provider.js';

export interface OpenAiProviderOptions {
  /** e.g. https://api.openai.com/v1, http://127.0.0.1:11434/v1 (Ollama), a vLLM or llama.cpp server. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Per attempt, covering the whole streamed answer. */
  timeoutMs?: number;
  /** Extra attempts after the first, on timeouts, network errors, 429 and 5xx. */
  retries?: number;
  /** First back-off; doubles on every retry. */
  backoffMs?: number;
  log?: FastifyBaseLogger;
}

class RetryableError extends Error {}

/** Any OpenAI-compatible chat-completions endpoint, streamed (SSE `data:` chunks assembled). */
export function createOpenAiProvider(options: OpenAiProviderOptions): CompanionProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const retries = options.retries ?? 2;
  const backoffMs = options.backoffMs ?? 500;

  async function attempt(context: CompanionContext, signal?: AbortSignal): Promise<string> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: options.model, messages: buildChatMessages(context), stream: true, temperature: 0.8, max_tokens: 400 }),
        signal: combined,
      });
      if (response.status === 429 || response.status >= 500) {
        await response.body?.cancel();
        throw new RetryableError(`LLM endpoint answered ${response.status}`);
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new CompanionProviderError(`LLM endpoint answered ${response.status}`, 1);
      }
      const text = response.headers.get('content-type')?.includes('text/event-stream')
        ? await readEventStream(response)
        : readJsonCompletion(await response.json());
      const reply = text.trim().slice(0, limits.messageMaxChars);
      if (!reply) throw new RetryableError('LLM endpoint returned an empty reply');
      return reply;
    } catch (error) {
      if (signal?.aborted) throw error;
      if (timeout.aborted) throw new RetryableError(`LLM endpoint timed out after ${timeoutMs} ms`);
      if (error instanceof TypeError) throw new RetryableError(`LLM endpoint unreachable: ${error.message}`);
      throw error;
    }
  }

  return {
    kind: 'openai',
    async reply(context, signal) {
      let lastError: unknown;
      for (let i = 0; i <= retries; i++) {
        if (i > 0) await sleep(backoffMs * 2 ** (i - 1), signal);
        try {
          return await attempt(context, signal);
        } catch (error) {
          if (!(error instanceof RetryableError))
            throw error instanceof CompanionProviderError ? error : new CompanionProviderError(String(error), i + 1, error);
          lastError = error;
          options.log?.warn({ attempt: i + 1, err: error.message }, 'companion provider attempt failed');
        }
      }
      throw new CompanionProviderError(`no reply after ${retries + 1} attempts: ${(lastError as Error).message}`, retries + 1, lastError);
    },
  };
}

/** Assembles `choices[0].delta.content` from an SSE stream until `data: [DONE]`. */
async function readEventStream(response: Response): Promise<string> {
  if (!response.body) return '';
  const decoder = new TextDecoder();
  let buffered = '';
  let text = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffered += decoder.decode(chunk, { stream: true });
    let newline;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') return text;
      text += readDelta(data);
    }
  }
  const rest = buffered.trim();
  if (rest.startsWith('data:') && rest.slice(5).trim() !== '[DONE]') text += readDelta(rest.slice(5).trim());
  return text;
}

function readDelta(data: string): string {
  try {
    const parsed = JSON.parse(data) as { choices?: { delta?: { content?: unknown } }[] };
    const content = parsed.choices?.[0]?.delta?.content;
    return typeof content === 'string' ? content : '';
  } catch {
    return '';
  }
}

/** Servers that ignore `stream: true` answer with one JSON completion. */
function readJsonCompletion(body: unknown): string {
  const content = (body as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]?.message?.content;
  return typeof content === 'string' ? content : '';
}

function sleep(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
