/**
 * The AI companion behind one interface. Production talks to any
 * OpenAI-compatible chat-completions endpoint (companion.openai.ts); without
 * `LLM_BASE_URL` the built-in offline companion (companion.offline.ts) answers.
 */
export interface CompanionTurn {
  role: 'user' | 'companion';
  /** The sender's display name (the companion's own name for its turns). */
  name: string;
  content: string;
}

export interface CompanionContext {
  companionName: string;
  topicTitle: string;
  terms: { title?: string; description?: string; rules?: string[] } | null;
  /** Oldest first; at most `bot_conversation_history_limit` turns. */
  history: CompanionTurn[];
  /** Makes the offline companion reproducible; the topic id is a good seed. */
  seed: number;
}

export interface CompanionProvider {
  readonly kind: 'openai' | 'offline';
  /** The reply text, never empty; throws CompanionProviderError when no reply could be produced. */
  reply(context: CompanionContext, signal?: AbortSignal): Promise<string>;
}

export class CompanionProviderError extends Error {
  constructor(
    message: string,
    readonly attempts: number,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}
