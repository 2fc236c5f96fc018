import { texts, type Message } from '@parley/contracts';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useCallback } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetApiClient } from '../../../lib/api-client';
import { draftKey, unsentKey } from '../../../lib/drafts';
import { createQueryClient } from '../../../lib/query-client';
import { startTestApi, type RecordedRequest, type Reply, type TestApi } from '../../../test/api-server';
import { clearCookies, useOrigin } from '../../../test/dom';
import { testMessage } from '../../../test/messages';
import { addMessages, chatKeys, emptyConversation } from '../hooks/chat-room/chat-cache';
import { useChatActions } from '../hooks/chat-room/use-chat-actions';
import { useLocalEcho } from '../hooks/chat-room/use-local-echo';
import { unconfirmedSends } from '../utils/local-echo';
import { ChatInput } from './chat-input';
import { MessageList } from './message-list';

const TOPIC = 7;
const USER = 42;
const noop = () => undefined;

/** The send path of the chat screen (use-chat-room.ts) with the real hooks and components, against a test API. */
function Chat() {
  const actions = useChatActions(TOPIC, { isLive: true, showTyping: noop, toRooms: noop });
  const { send } = actions;
  const echo = useLocalEcho(
    useCallback(
      (content: string, clientId: string, files: File[], onProgress?: (fraction: number) => void) => send(content, files, onProgress, clientId),
      [send],
    ),
    unsentKey(USER, TOPIC),
  );
  const { data = emptyConversation } = useQuery({ queryKey: chatKeys.messages(TOPIC), queryFn: () => emptyConversation, enabled: false });
  return (
    <>
      <MessageList
        messages={data.messages}
        userId={USER}
        loading={false}
        hasOlder={false}
        loadingOlder={false}
        onLoadOlder={noop}
        typing={false}
        pending={unconfirmedSends(echo.pending, data.messages)}
        onRetrySend={echo.retry}
        onRemoveSend={echo.remove}
      />
      <ChatInput
        disabled={false}
        placeholder=""
        isInChat
        costs={null}
        onSend={(content, files) => echo.submit(content, files)}
        onTyping={noop}
        draftKey={draftKey(USER, TOPIC)}
      />
    </>
  );
}

let server: TestApi;
let client: ReturnType<typeof createQueryClient>;
let ids = 100;

beforeAll(async () => {
  server = await startTestApi();
  useOrigin(server);
});
afterAll(() => server.close());
beforeEach(() => {
  resetApiClient();
  clearCookies();
  localStorage.clear();
  server.requests.length = 0;
  server.handle('GET', '/api/sanctum/csrf-cookie', { status: 204, headers: { 'set-cookie': 'XSRF-TOKEN=t; Path=/' } });
});
afterEach(cleanup);

const clientIdOf = (request: RecordedRequest) => (JSON.parse(request.body) as { client_id: string }).client_id;
const sends = () => server.requests.filter((r) => r.path === '/api/messages/create');
const ownMessage = (content: string, clientId: string): Message =>
  testMessage((ids += 1), content, { topic_id: TOPIC, sender: 'Me', sender_id: USER, is_mine: true, client_id: clientId });
/** The server stores the message and answers with it (after `delayMs`). */
const stores = (delayMs = 0) =>
  server.handle('POST', '/api/messages/create', (request): Reply => {
    const body = JSON.parse(request.body) as { content: string; client_id: string };
    return { delayMs, json: { status: 'OK', payload: { message: ownMessage(body.content, body.client_id), balance: 90 } } };
  });

function renderChat() {
  client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <Chat />
    </QueryClientProvider>,
  );
  return screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
}

function type(box: HTMLTextAreaElement, text: string) {
  fireEvent.change(box, { target: { value: text } });
}

const pendingBubbles = () => [...document.querySelectorAll<HTMLElement>('.message[data-status]')];
const storedBubbles = () => [...document.querySelectorAll<HTMLElement>('[data-message-id]')];

describe('local echo (issue 34 §2)', () => {
  it('shows the message on Enter, before the server answers, as sending; then as the server’s message', async () => {
    stores(300);
    const box = renderChat();
    type(box, 'hello there');
    fireEvent.keyDown(box, { key: 'Enter' });
    // No waiting: the bubble is in the list the moment Enter was handled, and the box is free for the next one.
    const [bubble] = pendingBubbles();
    expect(bubble?.dataset.status).toBe('sending');
    expect(bubble?.textContent).toContain('hello there');
    expect(bubble?.textContent).toContain('Sending…');
    expect(box.value).toBe('');
    expect(box.disabled).toBe(false);

    await waitFor(() => expect(storedBubbles()).toHaveLength(1));
    expect(pendingBubbles()).toHaveLength(0);
    expect(storedBubbles()[0]?.textContent).toContain('hello there');
    expect(clientIdOf(sends()[0]!)).toBe(bubble?.dataset.clientId);
  });

  it('a pushed copy of the message replaces the bubble before the answer arrives: shown once', async () => {
    const stored = { current: null as Message | null };
    server.handle('POST', '/api/messages/create', (request): Reply => {
      stored.current = ownMessage('via the socket', clientIdOf(request));
      return { delayMs: 400, json: { status: 'OK', payload: { message: stored.current, balance: 90 } } };
    });
    const box = renderChat();
    type(box, 'via the socket');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(stored.current).not.toBeNull());
    // The socket's message.created (the sender's view carries the client id) comes before the answer.
    act(() => addMessages(client, TOPIC, [stored.current!]));
    await waitFor(() => expect(storedBubbles()).toHaveLength(1));
    expect(pendingBubbles()).toHaveLength(0);
    expect(storedBubbles()).toHaveLength(1);
    // The answer lands later with the same message (same id): still one bubble.
    await new Promise((r) => setTimeout(r, 500));
    expect(screen.getAllByText('via the socket')).toHaveLength(1);
  });

  it('a lost answer leaves the message failed with Retry, and Retry sends it again under the same client id', async () => {
    let calls = 0;
    server.handle('POST', '/api/messages/create', (request): Reply => {
      calls += 1;
      if (calls === 1) return { drop: true };
      const body = JSON.parse(request.body) as { content: string; client_id: string };
      return { json: { status: 'OK', payload: { message: ownMessage(body.content, body.client_id), balance: 90 } } };
    });
    const box = renderChat();
    type(box, 'are you there?');
    fireEvent.keyDown(box, { key: 'Enter' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`Not sent: ${texts.common.networkError}`);
    expect(pendingBubbles()[0]?.dataset.status).toBe('failed');
    // Not a refusal: the text stays in the bubble, not back in the box.
    expect(box.value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(storedBubbles()).toHaveLength(1));
    expect(pendingBubbles()).toHaveLength(0);
    const [first, second] = sends();
    expect(sends()).toHaveLength(2);
    expect(clientIdOf(second!)).toBe(clientIdOf(first!));
  });

  it('a failed message is still there after leaving the chat and coming back, and Retry sends it once', async () => {
    let calls = 0;
    server.handle('POST', '/api/messages/create', (request): Reply => {
      calls += 1;
      if (calls === 1) return { drop: true };
      const body = JSON.parse(request.body) as { content: string; client_id: string };
      return { json: { status: 'OK', payload: { message: ownMessage(body.content, body.client_id), balance: 90 } } };
    });
    let box = renderChat();
    type(box, 'before I go');
    fireEvent.keyDown(box, { key: 'Enter' });
    await screen.findByRole('alert');
    const clientId = pendingBubbles()[0]?.dataset.clientId;
    cleanup(); // left the chat

    box = renderChat();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`Not sent: ${texts.chatSend.unconfirmedEarlier}`);
    expect(pendingBubbles().map((b) => b.dataset.clientId)).toEqual([clientId]);
    expect(box.value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(storedBubbles()).toHaveLength(1));
    expect(sends().map(clientIdOf)).toEqual([clientId, clientId]);
    // Sent: nothing is kept any more, a third visit shows no bubble.
    await waitFor(() => expect(localStorage.getItem(unsentKey(USER, TOPIC)!)).toBeNull());
    cleanup();
    renderChat();
    expect(pendingBubbles()).toHaveLength(0);
  });

  it('files show at once with their name and upload progress, the dialog closes; a lost answer keeps them for Retry, under the same client id', async () => {
    const fields: string[] = [];
    let calls = 0;
    server.handle('POST', '/api/messages/create', (request): Reply => {
      calls += 1;
      const clientId = /name="client_id"\r\n\r\n([^\r]+)/.exec(request.body)?.[1] ?? '';
      fields.push(`${clientId} ${request.body.includes('filename="notes.pdf"') ? 'with file' : 'without file'}`);
      if (calls === 1) return { drop: true };
      const message = ownMessage('the minutes', clientId);
      return { delayMs: 200, json: { status: 'OK', payload: { message, balance: 80 } } };
    });
    const box = renderChat();
    type(box, 'the minutes');
    const pdf = new File(['%PDF-1.4 minutes'], 'notes.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('file-input'), { target: { files: [pdf] } });
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /^Send/ }));

    // At once: the dialog is gone, the bubble holds the file's name, the caption and an upload bar; the box is free.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [bubble] = pendingBubbles();
    expect(bubble?.textContent).toContain('notes.pdf');
    expect(bubble?.textContent).toContain('the minutes');
    expect(within(bubble!).queryByRole('progressbar')).not.toBeNull();
    expect(box.value).toBe('');

    // The answer is lost: the bubble says so and keeps the file; Retry uploads it again under the same client id.
    await screen.findByRole('alert');
    expect(pendingBubbles()[0]?.textContent).toContain('notes.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(storedBubbles()).toHaveLength(1));
    expect(pendingBubbles()).toHaveLength(0);
    const clientId = bubble?.dataset.clientId ?? '';
    expect(fields).toEqual([`${clientId} with file`, `${clientId} with file`]);
    // A send with files is not kept across visits (a File cannot be stored): nothing in storage.
    expect(localStorage.getItem(unsentKey(USER, TOPIC)!)).toBeNull();
  });

  it('a refusal says why on the bubble, offers no Retry and puts the text back in the box (and its draft)', async () => {
    const reason = 'Not enough coins. This message costs 12 coins.';
    server.handle('POST', '/api/messages/create', { status: 402, json: { status: 'ERROR', payload: null, message: reason, errors: {} } });
    const box = renderChat();
    type(box, 'costly words');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe(`Not sent: ${reason}`);
    await waitFor(() => expect(box.value).toBe('costly words'));
    expect(localStorage.getItem(draftKey(USER, TOPIC)!)).toBe('costly words');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(pendingBubbles()).toHaveLength(0);
  });

  it('sends typed one after another in that order, each with its own client id', async () => {
    stores(50);
    const box = renderChat();
    for (const text of ['one', 'two', 'three']) {
      type(box, text);
      fireEvent.keyDown(box, { key: 'Enter' });
    }
    expect(pendingBubbles().map((b) => b.textContent?.replace('Sending…', ''))).toEqual(['one', 'two', 'three']);
    await waitFor(() => expect(storedBubbles()).toHaveLength(3));
    expect(sends().map((r) => (JSON.parse(r.body) as { content: string }).content)).toEqual(['one', 'two', 'three']);
    expect(new Set(sends().map(clientIdOf)).size).toBe(3);
  });
});

describe('drafts (issue 34 §2)', () => {
  it('keeps what was typed per account and topic across a remount (a reload), and clears it on send', async () => {
    stores();
    let box = renderChat();
    type(box, 'half a thought');
    expect(localStorage.getItem(draftKey(USER, TOPIC)!)).toBe('half a thought');
    cleanup();
    box = renderChat();
    expect(box.value).toBe('half a thought');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(localStorage.getItem(draftKey(USER, TOPIC)!)).toBeNull();
    await waitFor(() => expect(storedBubbles()).toHaveLength(1));
  });

  it('shows another account nothing of it', () => {
    localStorage.setItem(draftKey(USER + 1, TOPIC)!, 'someone else’s words');
    const box = renderChat();
    expect(box.value).toBe('');
  });
});
