import { texts } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { testMessage } from '../../../test/messages';
import { isRefusal, unconfirmedSends, type PendingSend } from './local-echo';

const pending = (clientId: string): PendingSend => ({ clientId, content: clientId, status: 'sending', reason: null, refused: false });

describe('local echo rules', () => {
  it('a refusal is the server saying no to the message; no answer, a rate limit or a fault is sent again with Retry', () => {
    expect(isRefusal(new ApiError(402, 'Not enough coins'))).toBe(true);
    expect(isRefusal(new ApiError(403, 'Spending limit reached'))).toBe(true);
    expect(isRefusal(new ApiError(409, 'Closed'))).toBe(true);
    expect(isRefusal(new ApiError(422, 'Content rule'))).toBe(true);
    expect(isRefusal(new ApiError(0, texts.common.networkError))).toBe(false);
    expect(isRefusal(new ApiError(0, texts.common.requestTimedOut))).toBe(false);
    expect(isRefusal(new ApiError(429, texts.common.rateLimited))).toBe(false);
    expect(isRefusal(new ApiError(401, 'Unauthenticated'))).toBe(false);
    expect(isRefusal(new ApiError(503, 'Unavailable'))).toBe(false);
    expect(isRefusal(new Error('boom'))).toBe(false);
  });

  it('a send stays pending until a message with its client id is in the conversation, however it arrived', () => {
    const list = [pending('a'), pending('b')];
    expect(unconfirmedSends(list, [])).toBe(list);
    expect(unconfirmedSends(list, [testMessage(1, 'x', { client_id: 'b' }), testMessage(2, 'y', { client_id: null })])).toEqual([pending('a')]);
  });
});
