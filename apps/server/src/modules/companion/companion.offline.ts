import { type CompanionContext, type CompanionProvider, type CompanionTurn } from './companion.provider.js';

/**
 * The built-in offline companion: the FALLBACK used when no LLM endpoint is
 * configured (`LLM_BASE_URL` unset), so a fresh install chats out of the box
 * with no network and no key. It is a small rule-based conversationalist, not a
 * language model: it greets, answers questions about itself honestly (it says
 * it is an AI), reflects the user's own words, ties the talk to the topic and
 * asks a follow-up. It is deterministic: the same seed, topic and history give
 * the same reply, and it never answers with an empty text.
 * See docs/decisions/006-offline-companion.md.
 */
export function createOfflineProvider(): CompanionProvider {
  return { kind: 'offline', reply: async (context) => composeOfflineReply(context) };
}

const STOPWORDS = new Set(
  'about above after again against also because been before being below between both could does doing down during each from further have having here hers herself himself into itself just more most myself once only other ought ours ourselves over same should some such than that their theirs them themselves then there these they this those through under until very were what when where which while whom with would your yours yourself yourselves really think thing things maybe like know want need today tell please thanks thank hello there right well just gonna wanna'.split(
    ' ',
  ),
);

const GREETING = /^\s*(hi|hey|hello|hiya|howdy|yo|hallo|hola|tere|ciao|salut|good (morning|afternoon|evening|day))\b/i;
const IDENTITY =
  /\b(are|r) (you|u) (an? )?(bot|ai|robot|human|real|person|machine|program|chatbot|computer|live person)\b|\bwho are you\b|\bwhat are you\b|\bam i (talking|chatting|speaking) (to|with) (an? )?(bot|ai|human|real person|machine)/i;
const HOW_ARE_YOU = /\bhow are (you|u)\b|\bhow('?s| is) it going\b|\bhow do you feel\b/i;
const QUESTION_START = /^\s*(what|why|how|when|where|who|which|do|does|did|can|could|would|will|should|is|are|have|has)\b/i;

const topicFollowUps = [
  'What got you interested in {topic}?',
  'What would you like to explore next about {topic}?',
  'How does that connect to {topic} for you?',
];

const followUps = [
  'What part of it matters most to you?',
  'Has your view on that changed over time?',
  'What would a good outcome look like for you?',
  'Can you give me an example?',
  'What do people usually get wrong about it?',
];

const openers = ['What would you like to talk about today?', 'How is your day going so far?', 'What is on your mind?'];

const reflections = [
  'You mentioned "{words}" - that sounds important to you.',
  '"{words}" - I like that you brought that up.',
  'So "{words}" is on your mind.',
  'Interesting point about "{words}".',
  'I hear you on "{words}".',
];

const questionOpeners = ['Good question.', "That's a thoughtful question.", 'Let me think about that with you.', 'Honest answer: it depends.'];

const questionBodies = [
  'I am an AI companion, so I can not speak from personal experience, but the answer often depends on what you value most in "{words}".',
  'People see "{words}" quite differently, and I would love to hear your own take first.',
  'There is no single right answer on "{words}", but talking it through usually helps.',
];

const noWords = [
  'I see you! Tell me a bit more - what is on your mind?',
  'That says a lot without words. Want to put it into a sentence or two?',
  'I am here and listening. What would you like to talk about?',
];

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

/** The user's words since the companion last spoke (a burst is answered as one). */
function pendingUserText(history: CompanionTurn[]): string {
  const parts: string[] = [];
  for (let i = history.length - 1; i >= 0 && history[i]!.role === 'user'; i--) parts.unshift(history[i]!.content);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/** The most salient word as typed: the longest that is not a stop word (the first of equals). */
function keyWord(text: string): string {
  const words = (text.match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? []).filter((w) => w.length >= 4 && !STOPWORDS.has(w.toLowerCase()));
  const longest = words.reduce((best, w) => (w.length > best.length ? w : best), '');
  return longest.length > 24 ? `${longest.slice(0, 24)}…` : longest;
}

const choose = <T>(list: readonly T[], pick: () => number): T => list[Math.floor(pick() * list.length)]!;
const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

export function composeOfflineReply(context: CompanionContext): string {
  const { history, companionName: name } = context;
  // Random AI chats are titled 'Chat with <name>': no real topic to talk about then.
  const title = context.topicTitle.trim();
  const hasTopic = title.length > 0 && !/^chat with\b/i.test(title);
  const topic = hasTopic ? title : 'this';
  const text = pendingUserText(history).slice(0, 2000);
  const pick = seeded(context.seed ^ hash(`${text}|${topic}|${history.length}`));
  const isFirstReply = !history.some((turn) => turn.role === 'companion');
  const values = { topic, name, words: '' };
  const followUp = () => fill(choose(hasTopic && pick() < 0.5 ? topicFollowUps : followUps, pick), values);
  const parts: string[] = [];

  if (isFirstReply && (GREETING.test(text) || history.length <= 1)) parts.push(`Hi, I'm ${name}!`);
  else if (GREETING.test(text)) parts.push('Hello again!');

  if (IDENTITY.test(text)) {
    parts.push(`To be honest with you: I'm an AI companion, not a human. I'm still happy to keep talking${hasTopic ? ` about ${topic}` : ''} with you.`);
    parts.push(choose(openers, pick));
    return parts.join(' ');
  }
  const asksHowIAm = HOW_ARE_YOU.test(text);
  if (asksHowIAm) parts.push("I'm doing well, thanks for asking - as well as an AI can be!");

  values.words = keyWord(text);
  if (!/[\p{L}\p{N}]/u.test(text)) {
    parts.push(fill(choose(noWords, pick), values));
    return parts.join(' ');
  }
  const isQuestion = !asksHowIAm && (/\?\s*$/.test(text) || QUESTION_START.test(text));
  if (isQuestion && values.words) parts.push(choose(questionOpeners, pick), fill(choose(questionBodies, pick), values));
  else if (isQuestion) parts.push(choose(questionOpeners, pick), `What do you think yourself?`);
  else if (values.words) parts.push(fill(choose(reflections, pick), values));
  else {
    // Small talk without content ("hello", "ok"): open the conversation instead of probing "it".
    if (parts.length === 0) parts.push('Tell me more.');
    parts.push(choose(openers, pick));
    return parts.join(' ');
  }
  parts.push(followUp());
  return parts.join(' ');
}
