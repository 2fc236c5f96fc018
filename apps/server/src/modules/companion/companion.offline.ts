import { type CompanionContext, type CompanionProvider, type CompanionTurn } from './companion.provider.js';

/**
 * The built-in offline companion: the demo persona that answers when no LLM
 * endpoint is configured (`LLM_BASE_URL` unset), so a fresh install chats with
 * no network, no key and no model. It is not a language model and says so: it
 * reads what kind of message it got (a greeting, a question, a feeling, a story,
 * a short answer, a question about itself) and answers with a conversational
 * move from a curated set — an acknowledgement and a question that moves the
 * talk on, tied to the topic when there is one. It never quotes the user back,
 * and never repeats a sentence it used in its last 10 replies.
 * Deterministic for a seed and a conversation. See docs/decisions/006-offline-companion.md.
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

/** How many of its own recent replies the offline companion never repeats a sentence from. */
export const NO_REPEAT_TURNS = 10;

type Kind = 'identity' | 'howAreYou' | 'question' | 'sad' | 'happy' | 'story' | 'short' | 'statement' | 'empty';

const IDENTITY =
  /\b(are|r) (you|u) (an? )?(bot|ai|robot|human|real|person|machine|program|chatbot|computer|live person)\b|\bwho are you\b|\bwhat are you\b|\bam i (talking|chatting|speaking) (to|with) (an? )?(bot|ai|human|real person|machine)/i;
const HOW_ARE_YOU = /\bhow are (you|u)\b|\bhow('?s| is) it going\b|\bhow do you feel\b/i;
const QUESTION_START = /^\s*(what|why|how|when|where|who|which|do|does|did|can|could|would|will|should|is|are|have|has)\b/i;
const SAD = /\b(sad|tired|exhausted|stressed|lonely|alone|anxious|worried|upset|angry|bored|bad day|down|depressed|hurt|miss)\b/i;
const HAPPY = /\b(happy|glad|excited|great|awesome|amazing|love|loved|fun|proud|wonderful|fantastic)\b/i;
const STORY =
  /\b(i|we) (went|was|were|did|had|tried|made|saw|met|visited|started|finished|got|bought|watched|read|played)\b|\b(yesterday|last (week|year|summer|night|month)|today|this morning)\b/i;
const GREETING = /^\s*(hi|hey|hello|hiya|howdy|yo|hallo|hola|tere|ciao|salut|good (morning|afternoon|evening|day))\b/i;

const moves: Record<Kind, { acks: string[]; asks: string[] }> = {
  identity: {
    acks: [
      "Honest answer: I'm an AI companion, not a human — Parley's demo AI, running without a language model.",
      "I'm an AI, not a person: the offline demo companion of this Parley install.",
      "You're talking to an AI. I'm the demo companion, so my answers come from a small set of conversation moves.",
    ],
    asks: ['What would you like to talk about?', 'Shall we keep going anyway?', 'What made you wonder?'],
  },
  howAreYou: {
    acks: ["I'm doing well, thanks — as well as a demo AI can be.", 'All good on my side, thanks for asking.', 'Running smoothly, thank you!'],
    asks: ['And how are you today?', "How's your day been so far?", 'What about you — anything good happen today?'],
  },
  question: {
    acks: [
      "Good question. I'm a demo AI and can't look things up, but I'd love to think it through with you.",
      "That's a thoughtful one. I don't have a real answer, being a demo AI, but you clearly have some ideas.",
      "I can't answer that properly — I'm only a demo AI — but it's worth talking through.",
      'Hard to say from where I sit as a demo AI.',
    ],
    asks: ["What's your own take?", 'What answer are you hoping for?', 'Where would you start?', 'What have you heard so far?'],
  },
  sad: {
    acks: [
      "That sounds hard. I'm only an AI, but I'm here to listen.",
      "I'm sorry it feels that way right now.",
      'That sounds like a lot to carry.',
      "Thanks for telling me. It's okay not to be okay.",
    ],
    asks: [
      'What would help a little right now?',
      'Do you want to talk about what happened, or about something else for a while?',
      'Is there someone around you can lean on too?',
      'What usually lifts your mood on days like this?',
    ],
  },
  happy: {
    acks: ['That sounds great!', 'Love hearing that.', "That's lovely — good for you.", 'Nice, that made my (artificial) day.'],
    asks: ['What was the best part?', 'How did it come about?', 'Who did you share it with?', 'Would you do it again?'],
  },
  story: {
    acks: ['Oh, nice.', 'That sounds like quite something.', 'Interesting.', 'I like where this is going.'],
    asks: ['How did it turn out?', 'What surprised you most?', 'What happened next?', 'Would you do anything differently next time?'],
  },
  short: {
    acks: ['Fair enough.', 'Got it.', 'Okay!', 'Understood.'],
    asks: [
      'What else is on your mind?',
      'Shall we switch to something new?',
      'What have you been up to lately?',
      "What's something you're looking forward to?",
    ],
  },
  statement: {
    acks: ['I see what you mean.', 'That makes sense.', "That's a fair point.", 'Tell me more.', "I hadn't thought of it that way."],
    asks: [
      'Why does that matter to you?',
      'How did you come to see it like that?',
      'Can you give me an example?',
      'What do people usually get wrong about it?',
    ],
  },
  empty: {
    acks: ["I'm here and listening.", 'That says a lot without words.', 'I see you!'],
    asks: ['What would you like to talk about?', 'Want to put it into a sentence or two?', "What's on your mind?"],
  },
};

/** When a kind's own moves were all used lately, these keep the talk from repeating itself. */
const spare = {
  acks: [
    'I hear you.',
    'Thanks for sharing that.',
    'Right.',
    'Noted!',
    "Sounds like you've thought about this.",
    'Hm, interesting.',
    'I get that.',
    'Makes sense to me.',
    'Good to know.',
    "That's worth thinking about.",
    "I'm following.",
  ],
  asks: [
    'What else comes to mind?',
    'How do you feel about it now?',
    'What would you change about it?',
    'Who else would enjoy talking about this?',
    'What did you learn from it?',
    "What's the next step for you?",
    'Is that something you talk about often?',
    'What would you tell your younger self about it?',
    'What part would you like to go deeper on?',
    'How would you explain it to someone new?',
    'What do you wish more people knew?',
    'What got you thinking about it today?',
  ],
};

/** Questions that tie the talk to the topic, when the chat has one. */
const topicAsks = [
  'What got you interested in {topic}?',
  'What would you like to explore next about {topic}?',
  'How does that connect to {topic} for you?',
  "What's the most underrated thing about {topic}?",
  'If a friend asked you where to start with {topic}, what would you say?',
];

export function composeOfflineReply(context: CompanionContext): string {
  const { history, persona } = context;
  const recentReplies = context.recentReplies ?? history.filter((turn) => turn.role === 'companion').map((turn) => turn.content);
  // A random AI chat's title only names the companion: no real topic to talk about then.
  const title = context.topicTitle.trim();
  const topic = title.length > 0 && !context.openChat ? title : null;
  const text = pendingUserText(history).slice(0, 2000);
  const kind = classify(text);
  const pick = seeded(context.seed ^ hash(`${text}|${history.length}|${recentReplies.length}`));
  const used = recentReplies.slice(-NO_REPEAT_TURNS).join('\n');
  /** A sentence not used lately: from the move's own list, else from the spare ones (never for honesty about being an AI). */
  const fresh = (list: string[], overflow: string[]) => {
    for (const candidates of [list, overflow]) {
      const unused = candidates.filter((sentence) => !used.includes(sentence));
      if (unused.length > 0) return unused[Math.floor(pick() * unused.length)]!;
    }
    return list[Math.floor(pick() * list.length)]!;
  };

  const parts: string[] = [];
  const isFirstReply = !history.some((turn) => turn.role === 'companion');
  if (isFirstReply) parts.push(`Hi, I'm ${persona.name}, Parley's demo AI companion.`);
  else if (GREETING.test(text) && kind !== 'howAreYou') parts.push('Hello again!');
  parts.push(fresh(moves[kind].acks, kind === 'identity' ? [] : spare.acks));
  const asks =
    topic && (kind === 'statement' || kind === 'short' || kind === 'story')
      ? [...moves[kind].asks, ...topicAsks.map((ask) => ask.replace('{topic}', topic))]
      : moves[kind].asks;
  parts.push(fresh(asks, spare.asks));
  return parts.join(' ');
}

function classify(text: string): Kind {
  if (!/[\p{L}\p{N}]/u.test(text)) return 'empty';
  if (IDENTITY.test(text)) return 'identity';
  if (HOW_ARE_YOU.test(text)) return 'howAreYou';
  if (SAD.test(text)) return 'sad';
  if (/\?\s*$/.test(text) || QUESTION_START.test(text)) return 'question';
  if (HAPPY.test(text)) return 'happy';
  if (STORY.test(text)) return 'story';
  if (text.split(/\s+/).length <= 3) return 'short';
  return 'statement';
}

/** The user's words since the companion last spoke (a burst is answered as one). */
function pendingUserText(history: CompanionTurn[]): string {
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
