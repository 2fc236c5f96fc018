/** The languages the offline companion speaks. Another language is one more data file. */
export type OfflineLanguage = 'en' | 'de';

/**
 * Everything the offline companion says in one language, and the words it listens for.
 * Templates: `{name}` the companion, `{topic}` the chat's topic, `{feeling}` a feeling word,
 * `{thing}` something the user mentioned earlier.
 */
export interface OfflineData {
  /** Once per conversation, on the first reply only. */
  intro: string;
  /** Words that mark the language (detection); lower case. */
  markers: string[];
  /** Keywords per request kind, lower case; matched as word starts. */
  keywords: {
    joke: string[];
    book: string[];
    film: string[];
    music: string[];
    tip: string[];
    smalltalk: string[];
    identity: RegExp;
    howAreYou: RegExp;
    greeting: RegExp;
    thanks: RegExp;
    bye: RegExp;
    capabilities: RegExp;
    questionStart: RegExp;
    story: RegExp;
  };
  /** Feeling words → how to say them back; `negative` ones get care, the others joy. */
  feelings: { words: Record<string, string>; negative: string[] };
  /** "my sister" → "your sister" (group 1 the possessive, group 2 the noun): possessives turned around when the companion mentions them later. */
  possessive: { pattern: RegExp; mirror: Record<string, string> };
  /** Capitalised words that are not names or topics worth asking about. */
  stopNames: string[];
  responses: {
    identity: string[];
    howAreYou: string[];
    greeting: string[];
    thanks: string[];
    bye: string[];
    capabilities: string[];
    jokes: string[];
    books: string[];
    films: string[];
    music: string[];
    tips: string[];
    smalltalk: string[];
    /** Reflective listening for a hard feeling ({feeling}). */
    feelingHard: string[];
    /** Reflective listening for a good feeling ({feeling}). */
    feelingGood: string[];
    /** An offer after a hard feeling: a tip follows. */
    tipOffer: string[];
    /** A question it cannot look up: honest and still useful. */
    question: string[];
    /** The user mentions someone or something of theirs ({thing}: 'your sister'). */
    mention: string[];
    story: string[];
    statement: string[];
    short: string[];
    empty: string[];
  };
  /** Follow-up questions. */
  asks: {
    feelingHard: string[];
    feelingGood: string[];
    story: string[];
    statement: string[];
    short: string[];
    question: string[];
    /** About something the user mentioned earlier ({thing}). */
    earlier: string[];
    /** About the chat's topic ({topic}). */
    topic: string[];
    /** After a recommendation or a tip. */
    afterSuggestion: string[];
    /** After a joke. */
    afterJoke: string[];
    spare: string[];
  };
}
