import { type CompanionContext, type CompanionProvider, type CompanionTurn } from './companion.provider.js';
import { type OfflineLanguage } from './offline/phrases/types.js';
import { intents, type Move, type ReadMessage } from './offline/intents.js';
import { detectLanguage, offlineData, toOfflineLanguage, wordsOf } from './offline/language.js';

/**
 * The built-in offline companion: the demo persona that answers when no LLM
 * endpoint is configured, so a fresh install chats with no network, no key and
 * no model. It is not a language model and says so once, on its first reply.
 * It answers in the language the user writes in (English or German, else the
 * user's chosen language), reads what the message wants from a table of intents
 * (offline/intents.ts: a joke, a book, film or music suggestion, a wellbeing tip,
 * small talk, a feeling it mirrors back, a question about itself, a story…) and
 * answers from curated sets in offline/phrases/<language>.ts, following up on
 * things the user mentioned earlier. It never repeats a sentence it said in the
 * conversation (its last NO_REPEAT_TURNS replies). Deterministic for a seed and
 * a conversation. See docs/decisions/006-offline-companion.md.
 */
export function createOfflineProvider(options: { delayMs?: number } = {}): CompanionProvider {
  const delayMs = options.delayMs ?? 35;
  return {
    kind: 'offline',
    async reply(context, { signal, onDelta } = {}) {
      const text = composeOfflineReply(context);
      // Streamed a few words at a time, as a model would, so the demo shows the same experience.
      let offset = 0;
      for (const piece of text.match(/\S+\s*/g) ?? [text]) {
        if (signal?.aborted) throw signal.reason;
        onDelta?.(piece, offset);
        offset += piece.length;
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
      return { text, model: 'offline-demo', usage: null };
    },
  };
}

/** How many of its own recent replies the offline companion never repeats a sentence from (the whole conversation, in practice). */
export const NO_REPEAT_TURNS = 60;

export function composeOfflineReply(context: CompanionContext): string {
  // Crisis care comes before everything, the demo's introduction too: care and the helplines, never a joke.
  if (context.crisis) return context.crisis.offlineReply;
  const { history, persona } = context;
  const recentReplies = context.recentReplies ?? history.filter((turn) => turn.role === 'companion').map((turn) => turn.content);
  // A random AI chat's title only names the companion: no real topic to talk about then.
  const title = context.topicTitle.trim();
  const topic = title.length > 0 && !context.openChat ? title : null;
  const text = pendingUserText(history).slice(0, 2000);
  const language = detectLanguage(text, toOfflineLanguage(context.language));
  const data = offlineData[language];
  const message: ReadMessage = { text, words: wordsOf(text), language };
  const random = seeded(context.seed ^ hash(`${text}|${history.length}|${recentReplies.length}`));
  const said = [...recentReplies, ...history.filter((turn) => turn.role === 'companion').map((turn) => turn.content)].join('\n');
  const chosen: string[] = [];
  /** A sentence not said yet in this conversation, nor in this reply. */
  const pick = (candidates: string[]) => {
    const unused = candidates.filter((sentence) => !said.includes(sentence) && !chosen.includes(sentence));
    if (unused.length === 0) return null;
    const sentence = unused[Math.floor(random() * unused.length)]!;
    chosen.push(sentence);
    return sentence;
  };

  let move: Move | null = null;
  for (const intent of intents) if (intent.matches(message) && (move = intent.answer(message, pick))) break;
  // Every fitting line already said (the user repeats themselves): move the talk on with something new.
  if (!move) {
    const fresh = pick(data.responses.smalltalk) ?? pick(data.responses.capabilities) ?? pick(data.responses.statement) ?? pick(data.responses.tips);
    move = { lines: fresh ? [fresh] : [], asks: fresh && data.responses.smalltalk.includes(fresh) ? null : data.asks.spare, openToFollowUp: false };
  }

  const parts: string[] = [];
  // Says it is a demo once per conversation: on its first reply (the header's label says it too).
  const isFirstReply = recentReplies.length === 0 && !history.some((turn) => turn.role === 'companion');
  if (isFirstReply) parts.push(data.intro.replaceAll('{name}', persona.name));
  parts.push(...move.lines);

  if (move.asks !== null) {
    let ask: string | null = null;
    if (move.openToFollowUp) {
      // Each earlier thing is asked about once.
      const askedAbout = (thing: string) => data.asks.earlier.some((template) => said.includes(template.replaceAll('{thing}', thing)));
      const thing = earlierThings(history, language).find(
        (candidate) => !askedAbout(candidate) && !text.toLowerCase().includes(candidate.toLowerCase().split(' ').pop()!),
      );
      if (thing) ask = pick(data.asks.earlier.map((template) => template.replaceAll('{thing}', thing)));
      if (!ask && topic && random() < 0.5) ask = pick(data.asks.topic.map((template) => template.replaceAll('{topic}', topic)));
    }
    ask ??= pick(move.asks) ?? pick(data.asks.spare);
    if (ask) parts.push(ask);
  }
  // A very long conversation may have used every sentence: then one not said in the last few replies.
  if (parts.length === 0) {
    const lately = recentReplies.slice(-5).join('\n');
    const pool = [...data.responses.smalltalk, ...data.responses.jokes, ...data.responses.statement, ...data.asks.spare].filter(
      (sentence) => !lately.includes(sentence),
    );
    parts.push(pool[Math.floor(random() * pool.length)] ?? data.responses.empty[0]!);
  }
  return parts.join(' ').trim();
}

/**
 * What the user mentioned in earlier messages (not the ones being answered), newest first: "my
 * sister" as the companion would say it back ("your sister") first, then names — in English,
 * capitalised words that do not start a sentence (German capitalises every noun, so there only the
 * possessives count). Only what fits the reply's language.
 */
export function earlierThings(history: CompanionTurn[], language: OfflineLanguage): string[] {
  let end = history.length;
  while (end > 0 && history[end - 1]!.role === 'user') end--;
  const data = offlineData[language];
  const stop = new Set(
    Object.values(offlineData).flatMap((d) =>
      [...d.stopNames, ...d.keywords.joke, ...d.keywords.book, ...d.keywords.film, ...d.keywords.music].map((word) => word.toLowerCase()),
    ),
  );
  const possessives: string[] = [];
  const names: string[] = [];
  for (const turn of history.slice(0, end).reverse()) {
    if (turn.role !== 'user' || detectLanguage(turn.content, language) !== language) continue;
    for (const match of turn.content.matchAll(new RegExp(data.possessive.pattern.source, data.possessive.pattern.flags))) {
      const mirrored = data.possessive.mirror[match[1]!.toLowerCase()];
      if (mirrored && !stop.has(match[2]!.toLowerCase())) possessives.push(`${mirrored} ${match[2]}`);
    }
    if (language === 'en')
      for (const match of turn.content.matchAll(/(?<![.!?]\s)(?<=\s)(\p{Lu}\p{Ll}{2,})(?!\p{L})/gu))
        if (!stop.has(match[1]!.toLowerCase())) names.push(match[1]!);
  }
  return [...new Set([...possessives, ...names])];
}

/** The user's words since the companion last spoke (a burst is answered as one). */
export function pendingUserText(history: CompanionTurn[]): string {
  const parts: string[] = [];
  for (let i = history.length - 1; i >= 0 && history[i]!.role === 'user'; i--) parts.unshift(history[i]!.content);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/** mulberry32: a tiny seeded PRNG, so a given seed and input always give the same reply. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
