import type { Message } from '@parley/contracts';
import { describe, expect, it, vi } from 'vitest';
import { applyChatEvent, type ChatEventTarget } from './apply-chat-event';

const target = (overrides: Partial<ChatEventTarget> = {}): ChatEventTarget => ({
  userId: 1,
  isOwner: true,
  addMessages: vi.fn(),
  showTyping: vi.fn(),
  hideTyping: vi.fn(),
  patchTopic: vi.fn(),
  refreshTopic: vi.fn(),
  setBalance: vi.fn(),
  notify: vi.fn(),
  streamReply: vi.fn(),
  endStream: vi.fn(),
  heldDecided: vi.fn(),
  ...overrides,
});
const message = (senderId: number): Message => ({
  id: 5,
  topic_id: 3,
  content: 'hi',
  text: 'hi',
  sender: 'X',
  sender_id: senderId,
  sender_kind: 'user',
  is_mine: false,
  is_typing: false,
  cost: 0,
  look: null,
  attachments: [],
  created_at: '2026-01-01T00:00:00.000Z',
});

describe('applyChatEvent', () => {
  it('a decision on my held message takes its Pending review bubble away (issue 33 #21)', () => {
    const t = target();
    applyChatEvent({ type: 'message.held_decided', userId: 1, topicId: 3, heldId: 9, decision: 'approved' }, t);
    expect(t.heldDecided).toHaveBeenCalledWith(9);
  });

  it("the protocol card is the interlocutor's own, never another user's (issue 36 §1)", () => {
    const t = target({ crisisProtocol: vi.fn() });
    applyChatEvent({ type: 'crisis.protocol', userId: 1, topicId: 3 }, t);
    expect(t.crisisProtocol).toHaveBeenCalledTimes(1);
    const other = target({ crisisProtocol: vi.fn() });
    applyChatEvent({ type: 'crisis.protocol', userId: 2, topicId: 3 }, other);
    expect(other.crisisProtocol).not.toHaveBeenCalled();
  });

  it('a topic closed by a moderator tells both sides why; an owner close only the partner (issue 33 #18)', () => {
    const owner = target();
    applyChatEvent({ type: 'topic.closed', topicId: 3, by: 'moderator' }, owner);
    expect(owner.patchTopic).toHaveBeenCalledWith({ is_closed: true, closed_by: 'moderator' });
    expect(owner.notify).toHaveBeenCalledWith('chatSafety.closedByModerator');
    const partner = target({ isOwner: false });
    applyChatEvent({ type: 'topic.closed', topicId: 3, by: 'owner' }, partner);
    expect(partner.notify).toHaveBeenCalledWith('topics.closedByOwner');
  });

  it("shows 'Writing...' for the other side only", () => {
    const t = target();
    applyChatEvent({ type: 'typing', topicId: 3, userId: 1, name: 'Me', isTyping: true }, t);
    expect(t.showTyping).not.toHaveBeenCalled();
    applyChatEvent({ type: 'typing', topicId: 3, userId: 0, name: 'Mia', isTyping: true }, t);
    expect(t.showTyping).toHaveBeenCalledWith('Mia');
    applyChatEvent({ type: 'typing', topicId: 3, userId: 0, name: 'Mia', isTyping: false }, t);
    expect(t.hideTyping).toHaveBeenCalledOnce();
  });

  it("a message from the other side ends their 'Writing...'; my own does not", () => {
    const t = target();
    applyChatEvent({ type: 'message.created', topicId: 3, message: message(1) }, t);
    expect(t.hideTyping).not.toHaveBeenCalled();
    applyChatEvent({ type: 'message.created', topicId: 3, message: message(2) }, t);
    expect(t.addMessages).toHaveBeenCalledTimes(2);
    expect(t.hideTyping).toHaveBeenCalledOnce();
  });

  it('a join updates the participants live and loads the newcomer', () => {
    const t = target();
    applyChatEvent({ type: 'participant.joined', topicId: 3, userId: 2, participantsCount: 2 }, t);
    expect(t.patchTopic).toHaveBeenCalledWith({ participants_count: 2 });
    expect(t.refreshTopic).toHaveBeenCalledOnce();
  });

  it('tells a participant that the owner closed the chat, not the owner', () => {
    const guest = target({ isOwner: false });
    applyChatEvent({ type: 'topic.closed', topicId: 3 }, guest);
    expect(guest.patchTopic).toHaveBeenCalledWith({ is_closed: true });
    expect(guest.notify).toHaveBeenCalledWith('topics.closedByOwner');
    const owner = target();
    applyChatEvent({ type: 'topic.closed', topicId: 3 }, owner);
    expect(owner.notify).not.toHaveBeenCalled();
  });

  it('applies only my own balance', () => {
    const t = target();
    applyChatEvent({ type: 'balance', userId: 2, balance: 10 }, t);
    applyChatEvent({ type: 'balance', userId: 1, balance: 90 }, t);
    expect(t.setBalance).toHaveBeenCalledExactlyOnceWith(90);
  });

  it("a streamed piece replaces 'Writing...' with the growing reply; the companion's message ends it", () => {
    const t = target();
    applyChatEvent({ type: 'message.delta', topicId: 3, replyId: 9, offset: 0, text: 'Hel' }, t);
    expect(t.hideTyping).toHaveBeenCalled();
    expect(t.streamReply).toHaveBeenCalledWith(9, 0, 'Hel');
    applyChatEvent({ type: 'message.created', topicId: 3, message: { ...message(0), sender_kind: 'companion' } }, t);
    expect(t.endStream).toHaveBeenCalledOnce();
  });
});
