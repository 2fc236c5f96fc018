/**
 * The AI companion behind one interface. Production talks to any
 * OpenAI-compatible chat-completions endpoint through the official SDK
 * (companion.openai.ts); without `LLM_BASE_URL` the built-in offline demo
 * companion (companion.offline.ts) answers.
 */
export interface CompanionTurn {
  role: 'user' | 'companion';
  /** The sender's chat name (the companion's own name for its turns). */
  name: string;
  content: string;
}

/** Who the companion is: an admin-defined persona (companion_personas). */
export interface CompanionPersona {
  id: number | null;
  name: string;
  /** The operator's character prompt; the safety rules are always added after it. */
  systemPrompt: string;
  /** The model to ask; null: the endpoint's configured default (LLM_MODEL). */
  model: string | null;
  temperature: number;
  /** Upper bound of a reply, in tokens. */
  maxTokens: number;
}

export interface CompanionContext {
  persona: CompanionPersona;
  topicTitle: string;
  /** A random AI chat (no room): its title only names the companion ('Chat with Mia', in its owner's language), no subject to talk about. */
  openChat?: boolean;
  terms: { title?: string; description?: string; rules?: string[] } | null;
  /** Oldest first; at most `bot_conversation_history_limit` turns. */
  history: CompanionTurn[];
  /** The companion's own last replies in this topic, oldest first (the offline companion never repeats a sentence of them). */
  recentReplies?: string[];
  /** The language the user chose for Parley (their account's, a code like 'de'); the offline companion answers in it when it cannot tell from the message. */
  language?: string | null;
  /** Makes the offline companion reproducible; the topic id is a good seed. */
  seed: number;
  /**
   * Set when the message answered suggests a risk of self-harm (issue 36 §1, modules/crisis): the offline companion
   * answers with `offlineReply`; a model gets `promptNote` in its prompt, and its reply the helplines if it named none.
   */
  crisis?: { offlineReply: string; promptNote: string; helplinesBlock: string; markers: string[] } | null;
}

export interface ReplyOptions {
  signal?: AbortSignal;
  /**
   * Called with each piece of text as it is generated. `offset` is where the piece starts
   * in the reply: 0 again after a retry that restarted the stream.
   */
  onDelta?: (piece: string, offset: number) => void;
}

export interface CompanionReply {
  text: string;
  model: string;
  /** From the provider's usage data; null when it sent none. */
  usage: { promptTokens: number; completionTokens: number } | null;
}

export interface CompanionProvider {
  readonly kind: 'openai' | 'offline';
  /** The reply, never empty; throws CompanionProviderError when no reply could be produced. */
  reply(context: CompanionContext, options?: ReplyOptions): Promise<CompanionReply>;
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
