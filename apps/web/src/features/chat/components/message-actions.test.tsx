import { texts, type Message } from '@parley/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast';
import { renderInLanguage } from '../../../test/render-in-language';
import { applyChatEvent, type ChatEventTarget } from '../utils/apply-chat-event';
import { MessageList } from './message-list';

const english = {};
/** The German catalogue as GET /localizations answers it (what these tests look at). */
const german: Record<string, string> = {
  'companionControls.copy': 'Kopieren',
  'companionControls.copyLabel': 'Nachrichtentext kopieren',
  'companionControls.copied': 'In die Zwischenablage kopiert',
  'companionControls.copyFailed': 'Kopieren hat nicht geklappt. Markiere den Text und kopiere ihn selbst.',
};

const message = (id: number, content: string, kind: Message['sender_kind'], variantOf: number | null = null): Message => ({
  id,
  topic_id: 3,
  content,
  text: content,
  sender: kind === 'user' ? 'Me' : 'Mia',
  sender_id: kind === 'user' ? 1 : null,
  sender_kind: kind,
  is_mine: kind === 'user',
  is_typing: false,
  cost: kind === 'user' ? 10 : 0,
  look: null,
  attachments: [],
  variant_of: variantOf,
  created_at: '2026-11-27T20:00:00.000Z',
});

const conversation = [message(1, 'tell me a joke', 'user'), message(2, 'First joke.', 'companion'), message(4, 'Second joke.', 'companion', 2)];

const companion = (overrides: Partial<NonNullable<Parameters<typeof MessageList>[0]['companion']>> = {}) => ({
  onStop: vi.fn(),
  stopping: false,
  onRegenerate: vi.fn(),
  regeneratingId: null,
  ...overrides,
});

const list = (props: Partial<Parameters<typeof MessageList>[0]> = {}) => (
  <>
    <MessageList messages={conversation} userId={1} loading={false} hasOlder={false} loadingOlder={false} onLoadOlder={vi.fn()} typing={false} {...props} />
    <Toaster />
  </>
);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('message actions (issue 34)', () => {
  it('a regenerated reply shows in place of the one it replaced, newest first, with ‹ 2 / 2 › to reach the earlier one', () => {
    renderInLanguage(list({ companion: companion() }), english, 'en');
    const log = screen.getByRole('log');
    expect(log.textContent).toContain('Second joke.');
    expect(log.textContent).not.toContain('First joke.');
    expect(screen.getByTestId('reply-version').textContent).toBe('2 / 2');
    fireEvent.click(screen.getByRole('button', { name: texts.companionControls.previousVersion }));
    expect(log.textContent).toContain('First joke.');
    expect(log.textContent).not.toContain('Second joke.');
    expect(screen.getByTestId('reply-version').textContent).toBe('1 / 2');
    expect((screen.getByRole('button', { name: texts.companionControls.previousVersion }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('Regenerate is offered on the last reply of an AI chat only, and not while the companion writes', () => {
    const controls = companion();
    renderInLanguage(list({ companion: controls }), english, 'en');
    const regenerate = screen.getAllByRole('button', { name: texts.companionControls.regenerateLabel });
    expect(regenerate).toHaveLength(1);
    fireEvent.click(regenerate[0]!);
    expect(controls.onRegenerate).toHaveBeenCalledWith(4);
    cleanup();
    renderInLanguage(list({ companion: companion(), typing: true }), english, 'en');
    expect(screen.queryByRole('button', { name: texts.companionControls.regenerateLabel })).toBeNull();
    cleanup();
    // A human chat: no companion controls at all.
    renderInLanguage(list(), english, 'en');
    expect(screen.queryByRole('button', { name: texts.companionControls.regenerateLabel })).toBeNull();
  });

  it('Stop shows while the reply streams (and while Writing…), and asks to stop', () => {
    const controls = companion();
    renderInLanguage(list({ companion: controls, streamingText: 'Half a jo', streamingName: 'Mia' }), english, 'en');
    fireEvent.click(screen.getByRole('button', { name: texts.companionControls.stopLabel }));
    expect(controls.onStop).toHaveBeenCalledOnce();
    cleanup();
    renderInLanguage(list({ companion: companion(), typing: true }), english, 'en');
    expect(screen.getByRole('button', { name: texts.companionControls.stopLabel })).toBeTruthy();
    cleanup();
    renderInLanguage(list({ companion: companion() }), english, 'en');
    expect(screen.queryByRole('button', { name: texts.companionControls.stopLabel })).toBeNull();
  });

  it('while a regeneration is written, the reply it replaces gives way to it', () => {
    renderInLanguage(list({ companion: companion({ regeneratingId: 4 }), streamingText: 'Third', streamingName: 'Mia' }), english, 'en');
    const log = screen.getByRole('log');
    expect(log.textContent).not.toContain('Second joke.');
    expect(log.textContent).toContain('Third');
  });

  it('Copy on every message puts its text on the clipboard and says so, in English and in German', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderInLanguage(list(), english, 'en');
    const copies = screen.getAllByRole('button', { name: texts.companionControls.copyLabel });
    expect(copies).toHaveLength(2);
    fireEvent.click(copies[0]!);
    expect(writeText).toHaveBeenCalledWith('tell me a joke');
    await screen.findByText(texts.companionControls.copied);
    cleanup();

    renderInLanguage(list(), german, 'de');
    fireEvent.click(screen.getAllByRole('button', { name: german['companionControls.copyLabel'] })[1]!);
    expect(writeText).toHaveBeenLastCalledWith('Second joke.');
    await screen.findByText(german['companionControls.copied']!);
    expect(screen.getAllByRole('button', { name: german['companionControls.copyLabel'] })[0]!.textContent).toBe(german['companionControls.copy']);

    writeText.mockImplementationOnce(() => Promise.reject(new Error('denied')));
    fireEvent.click(screen.getAllByRole('button', { name: german['companionControls.copyLabel'] })[0]!);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(german['companionControls.copyFailed']));
  });
});

describe('companion events (issue 34)', () => {
  const target = (): ChatEventTarget => ({
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
    regenerating: vi.fn(),
    heldDecided: vi.fn(),
  });

  it('message.stopped ends the stream and Writing…; message.regenerating marks the replaced reply and shows Writing…', () => {
    const t = target();
    applyChatEvent({ type: 'message.stopped', topicId: 3, replyId: 7, messageId: 9 }, t);
    expect(t.endStream).toHaveBeenCalledOnce();
    expect(t.hideTyping).toHaveBeenCalledOnce();
    applyChatEvent({ type: 'message.regenerating', topicId: 3, replyId: 8, messageId: 9, variantOf: 2 }, t);
    expect(t.regenerating).toHaveBeenCalledWith(9);
    expect(t.showTyping).toHaveBeenCalledWith('');
  });
});
