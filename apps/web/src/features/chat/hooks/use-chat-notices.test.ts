import { englishText } from '@parley/contracts/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { chatNotices, handleTopicError } from './use-chat-notices';

const noticeState = () => {
  let seen: unknown = null;
  const spy = vi.spyOn(chatNotices, 'showLimit').mockImplementation((limit) => {
    seen = limit;
  });
  return { spy, seen: () => seen };
};

afterEach(() => {
  vi.restoreAllMocks();
  chatNotices.closeLimit();
});

describe('handleTopicError', () => {
  it("offers the existing chat for 'You already have active chat'", () => {
    const notices = noticeState();
    const toRooms = vi.fn();
    const error = new ApiError(409, 'You already have active chat "Night owls"', {}, { status: 'ERROR', topic_id: 12 });
    handleTopicError(error, { t: englishText, fallback: 'chat.failedStart', toRooms });
    expect(notices.seen()).toEqual({ message: 'You already have active chat "Night owls"', title: 'Night owls', topicId: 12 });
    expect(toRooms).not.toHaveBeenCalled();
  });

  it('opens the topic a failed start names', () => {
    const openTopic = vi.fn();
    handleTopicError(new ApiError(409, 'Something', {}, { payload: { topic_id: 7 } }), { t: englishText, fallback: 'chat.failedStart', openTopic });
    expect(openTopic).toHaveBeenCalledWith(7);
  });

  it('does not open a closed or full topic the body names', () => {
    const openTopic = vi.fn();
    handleTopicError(new ApiError(409, 'Topic is closed', {}, { topic_id: 7, is_closed: true }), { t: englishText, fallback: 'chat.failedStart', openTopic });
    handleTopicError(new ApiError(409, 'Chat is full', {}, { topic_id: 7, is_full: true }), { t: englishText, fallback: 'chat.failedStart', openTopic });
    expect(openTopic).not.toHaveBeenCalled();
  });

  it('goes to the rooms on 403 and 404 only', () => {
    const toRooms = vi.fn();
    handleTopicError(new ApiError(404, 'Topic not found'), { t: englishText, fallback: 'chat.failedStart', toRooms });
    handleTopicError(new ApiError(403, 'You do not have permission to access this chat'), { t: englishText, fallback: 'chat.failedStart', toRooms });
    handleTopicError(new ApiError(429, 'Rate limit exceeded. Please try again in a moment.'), { t: englishText, fallback: 'chat.failedStart', toRooms });
    expect(toRooms).toHaveBeenCalledTimes(2);
  });
});
