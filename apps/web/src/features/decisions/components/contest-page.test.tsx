import { texts, type DecisionStatement } from '@parley/contracts';
import { englishText } from '@parley/contracts/i18n';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetApiClient } from '../../../lib/api-client';
import { startTestApi, type TestApi } from '../../../test/api-server';
import { useOrigin } from '../../../test/dom';
import { renderWithData } from '../../../test/render';
import { ContestPage } from './contest-page';

const token = 'secret-token-0123456789abcdef';
const statement: DecisionStatement = {
  id: 7,
  type: 'ban',
  facts: 'Threats against another person.',
  ground_detail: null,
  automated: false,
  coins: 0,
  created_at: '2026-11-20T10:00:00.000Z',
  contest_until: '2027-05-22T10:00:00.000Z',
  can_contest: true,
  complaint: null,
};

let server: TestApi;
beforeAll(async () => {
  server = await startTestApi();
  useOrigin(server);
  server.handle('GET', '/api/sanctum/csrf-cookie', { status: 204, headers: { 'set-cookie': 'XSRF-TOKEN=t; Path=/' } });
  server.handle('GET', `/api/decisions/contest/${token}`, { json: { status: 'OK', payload: statement } });
  server.handle('POST', `/api/decisions/contest/${token}/complaint`, {
    status: 201,
    json: { status: 'OK', payload: { id: 3, status: 'open', created_at: '2026-11-21T10:00:00.000Z', decided_at: null, reasons: null } },
  });
});
afterAll(() => server.close());

/** Issue 36 §2: a banned person opens the link of their statement, reads its five fields and contests it. */
describe('Contest page', () => {
  afterEach(() => {
    cleanup();
    resetApiClient();
    server.requests.length = 0;
  });

  it('shows the decision, the facts, the rule, automated or not and until when it can be contested; sends the complaint', async () => {
    renderWithData(<ContestPage token={token} />);
    expect(await screen.findByText(texts.decisions.decision.ban)).toBeTruthy();
    expect(screen.getByText(statement.facts!)).toBeTruthy();
    expect(screen.getByText(texts.decisions.ground.ban)).toBeTruthy();
    expect(screen.getByText(texts.decisions.automatedNo)).toBeTruthy();
    expect(screen.getByText(englishText('decisions.noticeTitle', { type: 'ban' }))).toBeTruthy();
    expect(screen.getByText(/You can contest this decision until/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: texts.decisions.contest }));
    const send = screen.getByRole('button', { name: texts.decisions.complaintSend }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(texts.decisions.complaintText), { target: { value: 'I never threatened anyone; please look again.' } });
    fireEvent.click(send);
    await waitFor(() => expect(server.requests.some((r) => r.method === 'POST' && r.path.endsWith('/complaint'))).toBe(true));
    const sent = server.requests.find((r) => r.method === 'POST' && r.path.endsWith('/complaint'))!;
    expect(JSON.parse(sent.body)).toMatchObject({ text: 'I never threatened anyone; please look again.' });
  });

  it('says when a link is unknown', async () => {
    renderWithData(<ContestPage token="unknown-token-0123456789" />);
    expect((await screen.findByRole('alert')).textContent).toBe(texts.decisions.notFound);
  });
});
