import { texts } from '@parley/contracts';
import { englishText, translate } from '@parley/contracts/i18n';
import { describe, expect, it } from 'vitest';
import { formatActiveChatTime } from '../../../lib/format';
import { canSend, chatStatusText, describeChatScreen, inputDisabledReason } from './chat-status';
import { isActiveChatLimit, parseActiveChatTitle, topicIdFromBody } from './topic-errors';
import type { Translate } from '../../../lib/i18n';

describe('chatStatusText', () => {
  it("is 'online' with two participants", () => {
    expect(chatStatusText({ participantsCount: 2, isInChat: true, hasMessages: false }, englishText)).toBe('online');
    expect(chatStatusText({ participantsCount: 2, isInChat: false, hasMessages: false }, englishText)).toBe('online');
  });

  it("is 'chat active' when in the chat with messages", () => {
    expect(chatStatusText({ participantsCount: 1, isInChat: true, hasMessages: true }, englishText)).toBe('chat active');
  });

  it("is 'waiting for connection' otherwise", () => {
    expect(chatStatusText({ participantsCount: 1, isInChat: true, hasMessages: false }, englishText)).toBe('waiting for connection');
    expect(chatStatusText({ participantsCount: 1, isInChat: false, hasMessages: true }, englishText)).toBe('waiting for connection');
  });
});

describe('inputDisabledReason', () => {
  it("is 'full' for an outsider when two are present", () => {
    expect(inputDisabledReason({ busy: false, isInChat: false, participantsCount: 2 })).toBe('full');
  });
  it('is busy while a send runs and null when free', () => {
    expect(inputDisabledReason({ busy: true, isInChat: true, participantsCount: 2 })).toBe('busy');
    expect(inputDisabledReason({ busy: false, isInChat: true, participantsCount: 2 })).toBeNull();
  });
  it('is closed for a closed topic', () => {
    expect(inputDisabledReason({ busy: false, isInChat: true, participantsCount: 1, isClosed: true })).toBe('closed');
  });
});

describe('canSend', () => {
  it('needs non-blank text or files, an enabled input and a member', () => {
    expect(canSend('hi', 0, false, true)).toBe(true);
    expect(canSend('  \n', 0, false, true)).toBe(false);
    expect(canSend('', 1, false, true)).toBe(true);
    expect(canSend('hi', 0, true, true)).toBe(false);
    expect(canSend('hi', 0, false, false)).toBe(false);
  });
});

describe('active chat limit errors', () => {
  it('parses the quoted title', () => {
    expect(parseActiveChatTitle('You already have active chat "Night owls"')).toBe('Night owls');
    expect(isActiveChatLimit('You already have active chat "x"')).toBe(true);
    expect(isActiveChatLimit('Topic is closed')).toBe(false);
    expect(parseActiveChatTitle(undefined)).toBeNull();
  });

  it('finds a topic id in an error body', () => {
    expect(topicIdFromBody({ status: 'ERROR', payload: { topic_id: 12 } })).toBe(12);
    expect(topicIdFromBody({ status: 'ERROR', payload: { topic: { id: 5 } } })).toBe(5);
    expect(topicIdFromBody({ topic_id: '9' })).toBe(9);
    expect(topicIdFromBody({ payload: null })).toBeNull();
    expect(topicIdFromBody('text')).toBeNull();
  });
});

describe('active chat time labels', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it("says 'Just now' under 2 minutes", () => {
    expect(formatActiveChatTime(ago(0), now, englishText)).toBe('Just now');
    expect(formatActiveChatTime(ago(119_000), now, englishText)).toBe('Just now');
  });
  it('then minutes, then hours within 24 h, then the date', () => {
    expect(formatActiveChatTime(ago(5 * 60_000), now, englishText)).toBe('5 minutes ago');
    expect(formatActiveChatTime(ago(3 * 3600_000), now, englishText)).toBe('3 hours ago');
    expect(formatActiveChatTime(ago(3600_000), now, englishText)).toBe('1 hour ago');
    expect(formatActiveChatTime(ago(2 * 86_400_000), now, englishText)).toMatch(/^21\.11\.2026$/);
  });
});

describe('describeChatScreen', () => {
  const topic = { participants_count: 2, is_closed: false, is_owner: true, interlocutor_name: 'Calm Otter', title: 'Books', chat_mode: 'human' as const };

  it('a third user on a full chat: the topic named in the header, "Chat is full" as status and notice, input off', () => {
    const screen = describeChatScreen({ phase: 'full', topic: null, fullTitle: 'Books', isInChat: false, hasMessages: false }, englishText);
    expect(screen).toMatchObject({
      name: 'Books',
      status: texts.topics.chatFull,
      notice: texts.topics.chatFull,
      disabledReason: 'full',
      placeholder: texts.topics.chatFull,
    });
    expect(screen.searching).toBe(false);
  });

  it('closed by its owner while the partner is in it: the partner is told, the input is off', () => {
    const partner = describeChatScreen(
      {
        phase: 'ready',
        topic: { ...topic, is_closed: true, is_owner: false },
        fullTitle: null,
        isInChat: true,
        hasMessages: true,
      },
      englishText,
    );
    expect(partner).toMatchObject({ status: texts.chat.topicClosed, notice: texts.topics.closedByOwner, disabledReason: 'closed' });
    const owner = describeChatScreen({ phase: 'ready', topic: { ...topic, is_closed: true }, fullTitle: null, isInChat: true, hasMessages: true }, englishText);
    expect(owner.notice).toBeUndefined();
  });

  it("after the partner left, the owner's header no longer names them while it searches again (issue 33 #11)", () => {
    // The push says one person is left; the topic's interlocutor_name is still the old one until it is read again.
    const screen = describeChatScreen(
      { phase: 'ready', topic: { ...topic, participants_count: 1 }, fullTitle: null, isInChat: true, hasMessages: true },
      englishText,
    );
    expect(screen).toMatchObject({ searching: true, name: 'Books' });
  });

  it('closed by a moderator after a report: both sides are told why, not that the owner closed it (issue 33 #18)', () => {
    for (const is_owner of [true, false]) {
      const screen = describeChatScreen(
        { phase: 'ready', topic: { ...topic, is_closed: true, is_owner, closed_by: 'moderator' }, fullTitle: null, isInChat: true, hasMessages: true },
        englishText,
      );
      expect(screen).toMatchObject({ status: texts.chat.topicClosed, notice: texts.chatSafety.closedByModerator, disabledReason: 'closed' });
    }
  });

  it('the owner alone in a human chat is searching; with a partner they are connected and see the partner by chat name', () => {
    expect(
      describeChatScreen(
        {
          phase: 'ready',
          topic: { ...topic, participants_count: 1, interlocutor_name: null },
          fullTitle: null,
          isInChat: true,
          hasMessages: false,
        },
        englishText,
      ),
    ).toMatchObject({
      searching: true,
      connected: false,
      name: 'Books',
    });
    expect(describeChatScreen({ phase: 'ready', topic, fullTitle: null, isInChat: true, hasMessages: true }, englishText)).toMatchObject({
      searching: false,
      connected: true,
      name: 'Calm Otter',
      status: texts.chat.online,
      disabledReason: null,
    });
  });
});

describe('in another language', () => {
  const german: Translate = (key, params) =>
    translate(
      {
        'topics.alreadyActive': 'Du hast bereits den aktiven Chat „{title}“',
        'topics.justNow': 'Gerade eben',
        'formatUi.minutesAgo': '{n, plural, one {vor # Minute} other {vor # Minuten}}',
        'chat.online': 'online',
        'chatUi.typeMessage': 'Schreib eine Nachricht …',
      },
      key,
      params,
      'de',
    );

  it('finds the active chat in a translated server message, and still in an English one', () => {
    expect(parseActiveChatTitle('Du hast bereits den aktiven Chat „Nachteulen“', german)).toBe('Nachteulen');
    expect(parseActiveChatTitle('You already have active chat "Night owls"', german)).toBe('Night owls');
    expect(isActiveChatLimit('Das Thema ist geschlossen', german)).toBe(false);
  });

  it('says times and the input placeholder in that language', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(formatActiveChatTime(new Date(now.getTime() - 60_000), now, german)).toBe('Gerade eben');
    expect(formatActiveChatTime(new Date(now.getTime() - 5 * 60_000), now, german)).toBe('vor 5 Minuten');
    const screen = describeChatScreen({ phase: 'ready', topic: null, fullTitle: null, isInChat: true, hasMessages: false }, german);
    expect(screen.placeholder).toBe('Schreib eine Nachricht …');
  });
});
