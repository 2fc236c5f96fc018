import { describe, expect, it } from 'vitest';
import { companionScript, replyLanguageOf } from '../../../test/companion-script.js';
import { composeOfflineReply, createOfflineProvider, earlierThings, NO_REPEAT_TURNS } from './companion.offline.js';
import { type CompanionContext, type CompanionTurn } from './companion.provider.js';
import { de } from './offline/phrases/de.js';
import { en } from './offline/phrases/en.js';
import { detectLanguage } from './offline/language.js';
import { builtInPersona } from './personas.service.js';

const context = (history: CompanionTurn[], overrides: Partial<CompanionContext> = {}): CompanionContext => ({
  persona: builtInPersona('Mia'),
  topicTitle: 'Mountain hiking',
  terms: null,
  history,
  seed: 7,
  ...overrides,
});
const user = (content: string): CompanionTurn => ({ role: 'user', name: 'Ann', content });
const mia = (content: string): CompanionTurn => ({ role: 'companion', name: 'Mia', content });
const sentences = (reply: string) => reply.match(/[^.!?]+[.!?]+/g)?.map((s) => s.trim()) ?? [reply];

/** A conversation, the companion answering each message with the last 10 turns in view (the default history limit). */
function converse(messages: string[], overrides: Partial<CompanionContext> = {}) {
  const history: CompanionTurn[] = [];
  const replies: string[] = [];
  for (const message of messages) {
    history.push(user(message));
    const reply = composeOfflineReply(context(history.slice(-10), { ...overrides, recentReplies: replies.slice(-NO_REPEAT_TURNS) }));
    replies.push(reply);
    history.push(mia(reply));
  }
  return replies;
}

describe('offline companion: language', () => {
  it('tells English from German by function words and umlauts, and falls back to the chosen language', () => {
    expect(detectLanguage('I am so tired today', 'de')).toBe('en');
    expect(detectLanguage('Ich bin heute müde', 'en')).toBe('de');
    expect(detectLanguage('Erzähl mir einen Witz!', 'en')).toBe('de');
    expect(detectLanguage('Schöne Grüße', 'en')).toBe('de');
    expect(detectLanguage('Tell me a joke', 'de')).toBe('en');
    for (const neutral of ['ok', '👍', 'Anna', '?!']) {
      expect(detectLanguage(neutral, 'de')).toBe('de');
      expect(detectLanguage(neutral, 'en')).toBe('en');
    }
  });

  it('answers a message it cannot place in the language the user chose', () => {
    expect(composeOfflineReply(context([user('ok')], { language: 'de' }))).toMatch(/^Hallo, ich bin Mia/);
    expect(composeOfflineReply(context([user('ok')], { language: 'en' }))).toMatch(/^Hi, I'm Mia/);
    expect(composeOfflineReply(context([user('👍')], { language: 'de-AT' }))).toMatch(/^Hallo/);
  });
});

describe('offline companion', () => {
  it('is deterministic for a seed and the same conversation', () => {
    const history = [user('I went hiking in the Alps last summer')];
    expect(composeOfflineReply(context(history))).toBe(composeOfflineReply(context(history)));
  });

  it('introduces itself as the demo AI on its first reply only, and never echoes the user back', () => {
    const first = composeOfflineReply(context([user('I baked sourdough bread yesterday')]));
    expect(first).toMatch(/^Hi, I'm Mia, Parley's demo AI companion\./);
    expect(first).not.toMatch(/sourdough|bread/);
    expect(first).toMatch(/\?$/);
    expect(composeOfflineReply(context([user('hi'), mia('Hi!'), user('I baked bread yesterday')]))).not.toMatch(/demo/i);
    // Beyond the history window too: it has spoken in this topic before.
    expect(composeOfflineReply(context([user('I baked bread yesterday')], { recentReplies: ['Hi!'] }))).not.toMatch(/demo/i);
  });

  it('is honest that it is an AI when asked, in both languages, without repeating the demo disclaimer', () => {
    for (const ask of ['are you a bot?', 'Are you human?', 'who are you', 'am I talking to a real person?', 'Bist du ein Mensch?', 'Wer bist du?']) {
      const reply = composeOfflineReply(context([user('hello'), mia('Hi!'), user(ask)]));
      expect(reply).toMatch(/\b(AI|KI)\b/);
      expect(reply).not.toMatch(/demo/i);
    }
  });

  it(`answers ${companionScript.length} scripted English and German messages in the writer's language, never repeating a reply, demo only first`, () => {
    const replies = converse(
      companionScript.map((m) => m.text),
      { topicTitle: 'Chat with Mia', openChat: true, language: 'en' },
    );
    replies.forEach((reply, i) => expect(replyLanguageOf(reply), `reply ${i} to "${companionScript[i]!.text}": ${reply}`).toBe(companionScript[i]!.language));
    expect(new Set(replies).size).toBe(replies.length);
    expect(new Set(replies.flatMap(sentences)).size).toBe(replies.flatMap(sentences).length);
    expect(replies[0]).toMatch(/demo/i);
    for (const reply of replies.slice(1)) expect(reply).not.toMatch(/demo/i);
  });

  it('mirrors the feeling it hears, in both languages', () => {
    expect(composeOfflineReply(context([user('hi'), mia('Hi!'), user('I feel so lonely tonight')]))).toMatch(/lonely/);
    expect(composeOfflineReply(context([user('hi'), mia('Hi!'), user('Ich bin heute so müde')]))).toMatch(/müde/);
    expect(composeOfflineReply(context([user('hi'), mia('Hi!'), user('I am really happy today')]))).toMatch(/happy/i);
    expect(composeOfflineReply(context([user('hi'), mia('Hi!'), user('Ich bin so glücklich heute')]))).toMatch(/glücklich/i);
  });

  it('answers requests with something concrete from its curated sets: books, films, music, jokes, tips, small talk', () => {
    const from = (reply: string, set: string[]) => set.some((item) => reply.includes(item));
    const ask = (text: string) => composeOfflineReply(context([user('hi'), mia('Hi!'), user(text)]));
    expect(from(ask('Can you recommend a book?'), en.responses.books)).toBe(true);
    expect(from(ask('Welches Buch soll ich lesen?'), de.responses.books)).toBe(true);
    expect(from(ask('Any good movie for tonight?'), en.responses.films)).toBe(true);
    expect(from(ask('Kannst du mir einen Film empfehlen?'), de.responses.films)).toBe(true);
    expect(from(ask('Suggest some music'), en.responses.music)).toBe(true);
    expect(from(ask('Ich suche neue Musik'), de.responses.music)).toBe(true);
    expect(from(ask('Tell me a joke'), en.responses.jokes)).toBe(true);
    expect(from(ask('Erzähl mir einen Witz'), de.responses.jokes)).toBe(true);
    expect(from(ask('Any tip to relax?'), en.responses.tips)).toBe(true);
    expect(from(ask('Hast du einen Tipp zum Einschlafen?'), de.responses.tips)).toBe(true);
    expect(from(ask("I'm bored, surprise me"), [...en.responses.smalltalk, ...en.responses.feelingHard.map((t) => t.split('{')[0]!)])).toBe(true);
    expect(from(ask('Überrasch mich'), de.responses.smalltalk)).toBe(true);
  });

  it('does not answer a question with a question', () => {
    for (const question of ['Why is the sky blue?', 'Warum ist der Himmel blau?', 'What is the capital of Peru?']) {
      const reply = composeOfflineReply(context([user('hi'), mia('Hi!'), user(question)]));
      expect(reply).not.toMatch(/\?$/);
    }
  });

  it('follows up on what the user mentioned earlier in the conversation', () => {
    expect(earlierThings([user('My sister visited with Tom'), mia('Nice.'), user('ok')], 'en')).toEqual(['your sister', 'Tom']);
    expect(earlierThings([user('Meine Schwester war zu Besuch.'), mia('Schön.'), user('ok')], 'de')).toEqual(['deine Schwester']);
    const replies = converse(['Yesterday I went hiking with Tom', 'It was a long day', 'I think the weather was good', 'yes'], { openChat: true });
    expect(replies.slice(1).some((reply) => reply.includes('Tom'))).toBe(true);
    const german = converse(['Meine Schwester kommt morgen.', 'Das Wetter ist gut.', 'Ich denke, das wird schön.', 'ja'], { openChat: true, language: 'de' });
    expect(german.slice(1).some((reply) => /deine Schwester/i.test(reply))).toBe(true);
  });

  it(`never repeats a sentence within ${NO_REPEAT_TURNS} turns, even when the user says the same thing over and over`, () => {
    for (const messages of [
      Array.from({ length: 14 }, () => 'ok'),
      Array.from({ length: 14 }, () => 'I think the weather in the mountains is changing a lot lately'),
      Array.from({ length: 14 }, (_, i) => ['What do you think?', 'I went to the lake yesterday', 'I love it', 'hmm'][i % 4]!),
      Array.from({ length: 14 }, () => 'Erzähl mir einen Witz'),
    ]) {
      const replies = converse(messages);
      expect(new Set(replies).size).toBe(replies.length);
      for (let i = 1; i < replies.length; i++) {
        const earlier = new Set(replies.slice(Math.max(1, i - NO_REPEAT_TURNS), i).flatMap(sentences));
        for (const sentence of sentences(replies[i]!)) expect(earlier.has(sentence), `turn ${i}: "${sentence}" repeated`).toBe(false);
      }
    }
  });

  it('ties the talk to the topic when the chat has one, and not to a random chat title', () => {
    const statements = Array.from({ length: 10 }, (_, i) => `I think that plan number ${i} could work out well for us`);
    expect(converse(statements).some((reply) => reply.includes('Mountain hiking'))).toBe(true);
    expect(converse(statements, { topicTitle: 'Chat with Mia', openChat: true }).some((reply) => reply.includes('Chat with Mia'))).toBe(false);
  });

  it('never answers empty: empty, whitespace, emoji-only and 2,000-character inputs', () => {
    const inputs = ['', '   ', '😀🎉👍', '!!! ???', 'a'.repeat(2000), `${'word '.repeat(400)}`.trim(), 'ü'.repeat(2000)];
    for (const input of inputs) {
      for (const history of [[user(input)], [user('hi'), mia('Hi!'), user(input)]]) {
        const reply = composeOfflineReply(context(history));
        expect(reply.trim().length).toBeGreaterThan(10);
        expect(reply.length).toBeLessThan(600);
      }
    }
    expect(composeOfflineReply(context([]))).not.toBe('');
  });

  it('streams its reply in pieces that add up to the reply', async () => {
    const pieces: { piece: string; offset: number }[] = [];
    const reply = await createOfflineProvider({ delayMs: 0 }).reply(context([user('hello there')]), {
      onDelta: (piece, offset) => pieces.push({ piece, offset }),
    });
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.map((p) => p.piece).join('')).toBe(reply.text);
    expect(pieces.every((p, i) => p.offset === pieces.slice(0, i).reduce((n, q) => n + q.piece.length, 0))).toBe(true);
  });
});
