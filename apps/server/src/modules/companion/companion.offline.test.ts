import { describe, expect, it } from 'vitest';
import { composeOfflineReply } from './companion.offline.js';
import { type CompanionContext, type CompanionTurn } from './companion.provider.js';

const context = (history: CompanionTurn[], overrides: Partial<CompanionContext> = {}): CompanionContext => ({
  companionName: 'Mia',
  topicTitle: 'Mountain hiking',
  terms: null,
  history,
  seed: 7,
  ...overrides,
});
const user = (content: string): CompanionTurn => ({ role: 'user', name: 'Ann', content });
const mia = (content: string): CompanionTurn => ({ role: 'companion', name: 'Mia', content });

describe('offline companion', () => {
  it('is deterministic for a seed and the same conversation', () => {
    const history = [user('I went hiking in the Alps last summer')];
    expect(composeOfflineReply(context(history))).toBe(composeOfflineReply(context(history)));
  });

  it('answers in context: replies differ with the words, the topic and the conversation so far', () => {
    const hiking = composeOfflineReply(context([user('I went hiking in the Alps last summer')]));
    const cooking = composeOfflineReply(context([user('I baked sourdough bread yesterday')]));
    const otherTopic = composeOfflineReply(context([user('I went hiking in the Alps last summer')], { topicTitle: 'Travel stories' }));
    const later = composeOfflineReply(context([user('hi'), mia('Hi!'), user('I went hiking in the Alps last summer')]));
    expect(new Set([hiking, cooking, otherTopic, later]).size).toBe(4);
    // Reflects the user's own words.
    expect(hiking).toMatch(/hiking|Alps|summer/);
    expect(cooking).toMatch(/baked|sourdough|bread|yesterday/);
  });

  it('greets on the first message, asks a follow-up, and handles questions', () => {
    const greeting = composeOfflineReply(context([user('Hello there!')]));
    expect(greeting).toMatch(/^Hi, I'm Mia!/);
    expect(greeting).toMatch(/\?$/);
    const question = composeOfflineReply(context([user('hi'), mia('Hi!'), user('What trail would you recommend for beginners?')]));
    expect(question).toMatch(/question|think|depends/i);
    expect(question).toMatch(/trail|recommend|beginners/);
  });

  it('is honest that it is an AI when asked', () => {
    for (const ask of ['are you a bot?', 'Are you human?', 'who are you', 'am I talking to a real person?']) {
      const reply = composeOfflineReply(context([user('hello'), mia('Hi!'), user(ask)]));
      expect(reply).toMatch(/AI companion, not a human/);
    }
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

  it('answers a burst of user messages as one', () => {
    const burst = composeOfflineReply(context([user('hi'), mia('Hi!'), user('I love'), user('climbing glaciers')]));
    expect(burst).toMatch(/climbing|glaciers/);
  });
});
