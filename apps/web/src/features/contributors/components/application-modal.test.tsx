import { texts } from '@parley/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { type UserProfile } from '@parley/contracts';
import { ApplicationModal } from './application-modal';
import { InterlocutorCard } from './interlocutor-card';
import { englishText } from '@parley/contracts/i18n';
import { testApplication } from '../../../test/contract-fixtures';

const t = texts.contributor;

/** A real local HTTP server standing in for the API: records submissions, answers like the server does. */
let server: Server;
let application: Record<string, unknown> | null = null;
const received: unknown[] = [];

function handle(request: IncomingMessage, response: ServerResponse) {
  response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
  response.setHeader('Access-Control-Allow-Credentials', 'true');
  response.setHeader('Access-Control-Allow-Headers', 'content-type, accept, x-requested-with, x-xsrf-token, authorization');
  response.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  const json = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (request.method === 'OPTIONS') return void response.writeHead(204).end();
  const url = new URL(request.url ?? '/', 'http://x');
  if (url.pathname === '/api/sanctum/csrf-cookie') return void response.writeHead(204).end();
  if (url.pathname === '/api/become-contributor/status') {
    return application
      ? json(200, {
          status: 'OK',
          payload: { has_application: true, application: testApplication(application) },
          has_application: true,
          application: testApplication(application),
        })
      : json(404, { status: 'ERROR', payload: null, message: t.noApplication, errors: {} });
  }
  if (url.pathname === '/api/become-contributor' && request.method === 'POST') {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      received.push(JSON.parse(raw));
      application = { status: 'pending' };
      const submitted = testApplication({ id: 1, ...application });
      json(200, { status: 'OK', message: t.submitted, payload: { application: submitted }, application: submitted });
    });
    return;
  }
  json(404, { status: 'ERROR', payload: null, message: 'not found', errors: {} });
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureApiClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api` });
});
afterAll(async () => {
  resetApiClient();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(cleanup);

function renderModal() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let closed = 0;
  render(
    <QueryClientProvider client={client}>
      <ApplicationModal open onClose={() => (closed += 1)} defaultEmail="owl@example.com" />
    </QueryClientProvider>,
  );
  return { closed: () => closed };
}

describe('Application modal', () => {
  it('validates with the spec messages, counts symbols, submits, then resets after 3 s', async () => {
    renderModal();
    fireEvent.click(await screen.findByRole('button', { name: t.submitApplication }));
    expect(await screen.findByText(t.nicknameRequired)).toBeTruthy();
    for (const message of [t.experienceRequired, t.interestsRequired, t.helpRequired]) expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getAllByText(englishText('contributor.symbolsCounter', { n: 0, limit: 500 }))).toHaveLength(3);

    fireEvent.change(screen.getByLabelText(t.nickname), { target: { value: 'Night Owl' } });
    fireEvent.change(screen.getByLabelText(t.experience), { target: { value: 'Hotline volunteer' } });
    fireEvent.change(screen.getByLabelText(t.interests), { target: { value: 'Books' } });
    fireEvent.change(screen.getByLabelText(t.help), { target: { value: 'I listen.' } });
    expect(screen.getByText(englishText('contributor.symbolsCounter', { n: 17, limit: 500 }))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t.submitApplication }));

    expect(await screen.findByText(t.submitted)).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.submitApplication })).toBeNull();
    expect(screen.getByText(texts.common.close, { selector: 'button' })).toBeTruthy();
    expect(screen.queryByText(texts.common.cancel, { selector: 'button' })).toBeNull();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      nickname: 'Night Owl',
      email: 'owl@example.com',
      experience: 'Hotline volunteer',
      interests: 'Books',
      help_description: 'I listen.',
    });

    await act(() => new Promise((resolve) => setTimeout(resolve, 3200)));
    await waitFor(() => expect(screen.queryByText(t.submitted)).toBeNull());
    expect(screen.getByText(t.alreadyPending)).toBeTruthy();
  }, 15_000);
});

describe('Application modal: re-applying', () => {
  it('after a rejection the form opens with the last application filled in, to be improved rather than retyped', async () => {
    application = {
      id: 4,
      status: 'rejected',
      nickname: 'Night Owl',
      email: 'owl.work@example.com',
      experience: 'Hotline volunteer',
      interests: 'Books',
      help_description: 'I listen.',
      created_at: '2026-11-01T00:00:00Z',
      decided_at: '2026-11-02T00:00:00Z',
    };
    renderModal();
    await waitFor(() => expect((screen.getByLabelText(t.nickname) as HTMLInputElement).value).toBe('Night Owl'));
    expect((screen.getByLabelText(t.email) as HTMLInputElement).value).toBe('owl.work@example.com');
    expect((screen.getByLabelText(t.experience) as HTMLTextAreaElement).value).toBe('Hotline volunteer');
    expect((screen.getByLabelText(t.interests) as HTMLTextAreaElement).value).toBe('Books');
    expect((screen.getByLabelText(t.help) as HTMLTextAreaElement).value).toBe('I listen.');
    expect(screen.getByRole('button', { name: t.submitApplication })).toBeTruthy();
    application = null;
  });
});

describe('Interlocutor card', () => {
  const user = (isContributor: boolean) => ({ id: 1, name: 'Ada', email: 'ada@example.com', is_contributor: isContributor }) as UserProfile;
  const renderCard = (isContributor: boolean) =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <InterlocutorCard user={user(isContributor)} />
      </QueryClientProvider>,
    );

  it.each([
    [null, t.becomeInterlocutor],
    [{ status: 'rejected' }, t.reapply],
  ])('offers the application button (%o)', async (current, label) => {
    application = current;
    renderCard(false);
    expect(await screen.findByRole('button', { name: label })).toBeTruthy();
  });

  it('shows the pending state, and the badge for a contributor', async () => {
    application = { status: 'pending' };
    renderCard(false);
    expect(await screen.findByText(t.pendingReview)).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.becomeInterlocutor })).toBeNull();
    cleanup();
    renderCard(true);
    expect(screen.getByTestId('interlocutor-badge').textContent).toContain(t.interlocutorBadge);
  });
});
