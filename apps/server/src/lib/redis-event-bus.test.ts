import { type ChatEvent } from '@parley/contracts';
import { Redis } from 'ioredis';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createRedisBus, redisChannels } from './redis-event-bus.js';

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('redis event bus', () => {
  it('fans out between buses on one namespace only, and drops payloads that do not parse as chat events', async () => {
    const namespace = `test_${Date.now().toString(36)}`;
    const connections = [new Redis(redisUrl!), new Redis(redisUrl!), new Redis(redisUrl!), new Redis(redisUrl!)];
    const log = Fastify({ logger: false }).log;
    const a = createRedisBus(connections[0]!, log, { namespace });
    const b = createRedisBus(connections[1]!, log, { namespace });
    const elsewhere = createRedisBus(connections[2]!, log, { namespace: `${namespace}_other` });
    const heardByB: ChatEvent[] = [];
    const heardElsewhere: ChatEvent[] = [];
    b.subscribe((event) => heardByB.push(event));
    elsewhere.subscribe((event) => heardElsewhere.push(event));
    await b.publish({ type: 'topic.closed', topicId: 0 });
    await elsewhere.publish({ type: 'topic.closed', topicId: 0 });

    const channel = `${redisChannels.chatEvents}:${namespace}`;
    await connections[3]!.publish(channel, 'not json');
    await connections[3]!.publish(channel, JSON.stringify({ type: 'balance', userId: 'x' }));
    await a.publish({ type: 'balance', userId: 7, balance: 120 });
    await a.publish({ type: 'topic.mode', topicId: 3, chatMode: 'ai' });
    for (let i = 0; i < 100 && heardByB.length < 3; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heardByB).toEqual([
      { type: 'topic.closed', topicId: 0 },
      { type: 'balance', userId: 7, balance: 120 },
      { type: 'topic.mode', topicId: 3, chatMode: 'ai' },
    ]);
    expect(heardElsewhere).toEqual([{ type: 'topic.closed', topicId: 0 }]);
    for (const bus of [a, b, elsewhere]) await bus.close();
    for (const connection of connections) connection.disconnect();
  });

  it('delivers every event and invalidation exactly once on every instance: the publisher at publish, the others through Redis, the publisher alone while Redis refuses', async () => {
    const namespace = `once_${Date.now().toString(36)}`;
    const connections = [new Redis(redisUrl!), new Redis(redisUrl!)];
    const log = Fastify({ logger: false }).log;
    const a = createRedisBus(connections[0]!, log, { namespace });
    const b = createRedisBus(connections[1]!, log, { namespace });
    const heard = { a: [] as ChatEvent[], b: [] as ChatEvent[], aDrops: 0, bDrops: 0 };
    a.subscribe((event) => heard.a.push(event));
    b.subscribe((event) => heard.b.push(event));
    a.onInvalidate(() => heard.aDrops++);
    b.onInvalidate(() => heard.bDrops++);
    for (let i = 0; i < 50 && (a.epoch() < 1 || b.epoch() < 1); i++) await new Promise((resolve) => setTimeout(resolve, 20));

    const first: ChatEvent = { type: 'balance', userId: 1, balance: 10 };
    const published = a.publish(first);
    // The publisher's own listeners hear it at once, before Redis answers.
    expect(heard.a).toEqual([first]);
    await published;
    await a.invalidate({ kind: 'settings' });
    for (let i = 0; i < 100 && (heard.b.length < 1 || heard.bDrops < 1); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    // Time for the echo to come back to a: it is ignored.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard.a).toEqual([first]);
    expect(heard.b).toEqual([first]);
    expect([heard.aDrops, heard.bDrops]).toEqual([1, 1]);

    // Redis refuses a's publish: a's sockets still hear it, once; b's clients catch up by polling.
    connections[0]!.disconnect();
    const second: ChatEvent = { type: 'balance', userId: 1, balance: 20 };
    await a.publish(second);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard.a).toEqual([first, second]);
    expect(heard.b).toEqual([first]);
    for (const bus of [a, b]) await bus.close();
    connections[1]!.disconnect();
  });
});
