import { type OfflineData, type OfflineLanguage } from './phrases/types.js';
import { offlineData, wordsOf } from './language.js';

/** A user's message as the offline companion reads it. */
export interface ReadMessage {
  /** The user's words since the companion last spoke (a burst is one message). */
  text: string;
  /** Its words, lower case. */
  words: string[];
  /** The language the reply is in. */
  language: OfflineLanguage;
}

/** Picks a sentence not said yet in this conversation (deterministic for a seed). */
export type Pick = (candidates: string[]) => string | null;

/** What an intent says: the main line(s), and the follow-up questions it would like to end with (null: no question). */
export interface Move {
  lines: string[];
  asks: string[] | null;
  /** Whether a follow-up about something said earlier, or about the topic, may replace the asks. */
  openToFollowUp: boolean;
}

/**
 * One thing a user may want: a matcher over the message and the move that answers it, in each
 * language. The table below is tried in order; the first intent that matches answers. Another set
 * (e.g. crisis care) is one more entry, placed before the ones it must win over.
 */
export interface Intent {
  id: string;
  matches(message: ReadMessage): boolean;
  answer(message: ReadMessage, pick: Pick): Move | null;
}

const every = Object.values(offlineData);

/** Whether the message holds one of the keywords (a word or a phrase of words), in any language the companion speaks. */
export function hasKeyword(message: ReadMessage, list: (data: OfflineData) => string[]): boolean {
  const joined = ` ${message.words.join(' ')} `;
  return every.some((data) => list(data).some((keyword) => joined.includes(` ${wordsOf(keyword).join(' ')} `)));
}

const testAny = (message: ReadMessage, pattern: (data: OfflineData) => RegExp) => every.some((data) => pattern(data).test(message.text));

/** The feeling a message names, said in the reply's language when it has the word, and whether it is a hard one. */
export function feelingOf(message: ReadMessage): { word: string; hard: boolean } | null {
  const own = offlineData[message.language];
  for (const data of [own, ...every.filter((d) => d !== own)]) {
    for (const word of message.words) {
      const said = data.feelings.words[word];
      if (said) return { word: said, hard: data.feelings.negative.includes(said) };
    }
  }
  return null;
}

/** "my sister" in the message, said back ("your sister"), in the reply's language. */
export function mentionsOf(message: ReadMessage): string[] {
  const data = offlineData[message.language];
  const found: string[] = [];
  for (const match of message.text.matchAll(new RegExp(data.possessive.pattern.source, data.possessive.pattern.flags))) {
    const mirrored = data.possessive.mirror[match[1]!.toLowerCase()];
    if (mirrored) found.push(`${mirrored} ${match[2]}`);
  }
  return found;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** Fills `{feeling}` / `{Feeling}` in each template. */
const withFeeling = (templates: string[], feeling: string) =>
  templates.map((t) => t.replaceAll('{feeling}', feeling).replaceAll('{Feeling}', capitalise(feeling)));

/** A request for something from a curated set: a suggestion, a joke, a tip. */
function curated(
  id: string,
  keywords: (data: OfflineData) => string[],
  set: (data: OfflineData) => string[],
  asks = (data: OfflineData) => data.asks.afterSuggestion,
): Intent {
  return {
    id,
    matches: (message) => hasKeyword(message, keywords),
    answer(message, pick) {
      const data = offlineData[message.language];
      const line = pick(set(data));
      return line ? { lines: [line], asks: asks(data), openToFollowUp: false } : null;
    },
  };
}

/** A fixed kind of message answered from one of the data's response lists. */
function simple(
  id: string,
  matches: (message: ReadMessage) => boolean,
  lines: (d: OfflineData) => string[],
  asks: (d: OfflineData) => string[] | null,
  openToFollowUp = false,
): Intent {
  return {
    id,
    matches,
    answer(message, pick) {
      const data = offlineData[message.language];
      const line = pick(lines(data));
      return line ? { lines: [line], asks: asks(data), openToFollowUp } : null;
    },
  };
}

const isQuestion = (message: ReadMessage) => /\?\s*$/.test(message.text) || testAny(message, (d) => d.keywords.questionStart);

/**
 * The conversation moves, in order of precedence. An intent whose every line was already said
 * answers null, and the next matching one is tried.
 */
export const intents: Intent[] = [
  simple(
    'empty',
    (m) => !/[\p{L}\p{N}]/u.test(m.text),
    (d) => d.responses.empty,
    (d) => d.asks.short,
  ),
  simple(
    'identity',
    (m) => testAny(m, (d) => d.keywords.identity),
    (d) => d.responses.identity,
    (d) => d.asks.short,
  ),
  simple(
    'capabilities',
    (m) => testAny(m, (d) => d.keywords.capabilities),
    (d) => d.responses.capabilities,
    () => null,
  ),
  curated(
    'joke',
    (d) => d.keywords.joke,
    (d) => d.responses.jokes,
  ),
  curated(
    'book',
    (d) => d.keywords.book,
    (d) => d.responses.books,
  ),
  curated(
    'film',
    (d) => d.keywords.film,
    (d) => d.responses.films,
  ),
  curated(
    'music',
    (d) => d.keywords.music,
    (d) => d.responses.music,
  ),
  {
    id: 'feeling',
    matches: (message) => feelingOf(message) !== null,
    answer(message, pick) {
      const data = offlineData[message.language];
      const feeling = feelingOf(message)!;
      const line = pick(withFeeling(feeling.hard ? data.responses.feelingHard : data.responses.feelingGood, feeling.word));
      if (!line) return null;
      // A hard feeling with a wish to feel better gets a small tip too.
      const tip = feeling.hard && hasKeyword(message, (d) => d.keywords.tip) ? pick(data.responses.tips) : null;
      const offer = tip ? pick(data.responses.tipOffer) : null;
      return {
        lines: tip && offer ? [line, offer, tip] : [line],
        asks: feeling.hard ? data.asks.feelingHard : data.asks.feelingGood,
        openToFollowUp: !feeling.hard,
      };
    },
  },
  curated(
    'tip',
    (d) => d.keywords.tip,
    (d) => d.responses.tips,
  ),
  simple(
    'howAreYou',
    (m) => testAny(m, (d) => d.keywords.howAreYou),
    (d) => d.responses.howAreYou,
    (d) => d.asks.short,
    true,
  ),
  simple(
    'smalltalk',
    (m) => hasKeyword(m, (d) => d.keywords.smalltalk),
    (d) => d.responses.smalltalk,
    () => null,
  ),
  simple(
    'thanks',
    (m) => testAny(m, (d) => d.keywords.thanks),
    (d) => d.responses.thanks,
    (d) => d.asks.short,
    true,
  ),
  simple(
    'bye',
    (m) => testAny(m, (d) => d.keywords.bye),
    (d) => d.responses.bye,
    () => null,
  ),
  // A question it cannot answer gets an honest answer and an offer, not a question back.
  simple(
    'question',
    isQuestion,
    (d) => d.responses.question,
    () => null,
  ),
  {
    id: 'mention',
    matches: (message) => mentionsOf(message).length > 0,
    answer(message, pick) {
      const data = offlineData[message.language];
      const thing = mentionsOf(message)[0]!;
      const line = pick(data.responses.mention.map((t) => t.replaceAll('{thing}', thing).replaceAll('{Thing}', capitalise(thing))));
      return line ? { lines: [line], asks: null, openToFollowUp: false } : null;
    },
  },
  simple(
    'story',
    (m) => testAny(m, (d) => d.keywords.story),
    (d) => d.responses.story,
    (d) => d.asks.story,
    true,
  ),
  simple(
    'greeting',
    (m) => testAny(m, (d) => d.keywords.greeting),
    (d) => d.responses.greeting,
    (d) => d.asks.short,
    true,
  ),
  simple(
    'short',
    (m) => m.words.length <= 3,
    (d) => d.responses.short,
    (d) => d.asks.short,
    true,
  ),
  simple(
    'statement',
    () => true,
    (d) => d.responses.statement,
    (d) => d.asks.statement,
    true,
  ),
];
