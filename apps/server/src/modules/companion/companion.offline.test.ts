import { describe, expect, it } from 'vitest';
import { composeOfflineReply, createOfflineProvider, NO_REPEAT_TURNS } from './companion.offline.js';
import { type CompanionContext, type CompanionTurn } from './companion.provider.js';
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

/** A conversation of `turns` user messages, the companion answering each with what it said before in view. */
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

describe('offline companion', () => {
  it('is deterministic for a seed and the same conversation', () => {
    const history = [user('I went hiking in the Alps last summer')];
    expect(composeOfflineReply(context(history))).toBe(composeOfflineReply(context(history)));
  });

  it('introduces itself as the demo AI on its first reply, and never echoes the user back', () => {
    const first = composeOfflineReply(context([user('I baked sourdough bread yesterday')]));
    expect(first).toMatch(/^Hi, I'm Mia, Parley's demo AI companion\./);
    expect(first).not.toMatch(/sourdough|bread/);
    expect(first).toMatch(/\?$/);
  });

  it('is honest that it is a demo AI when asked', () => {
    for (const ask of ['are you a bot?', 'Are you human?', 'who are you', 'am I talking to a real person?']) {
      const reply = composeOfflineReply(context([user('hello'), mia('Hi!'), user(ask)]));
      expect(reply).toMatch(/\bAI\b/);
      expect(reply).toMatch(/demo/);
    }
  });

  it('answers the kind of message it got: feelings with care, questions as questions', () => {
    const sad = composeOfflineReply(context([user('hi'), mia('Hi!'), user('I feel'), user('so tired and lonely today')]));
    expect(sad).toMatch(/hard|sorry|a lot to carry|okay not to be okay/);
    const question = composeOfflineReply(context([user('hi'), mia('Hi!'), user('What trail would you recommend for beginners?')]));
    expect(question).toMatch(/question|one|answer|say/i);
  });

  it(`never repeats a sentence within ${NO_REPEAT_TURNS} turns, even when the user says the same thing over and over`, () => {
    for (const messages of [
      Array.from({ length: 14 }, () => 'ok'),
      Array.from({ length: 14 }, () => 'I think the weather in the mountains is changing a lot lately'),
      Array.from({ length: 14 }, (_, i) => ['What do you think?', 'I went to the lake yesterday', 'I love it', 'hmm'][i % 4]!),
    ]) {
      const replies = converse(messages);
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
