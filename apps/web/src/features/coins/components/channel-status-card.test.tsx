import { texts, type SpendingLimits, type UserProfile } from '@parley/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetApiClient } from '../../../lib/api-client';
import { settingsQuery } from '../../../lib/reference';
import { spendingQueryKey } from '../../../lib/spending';
import { startTestApi, type TestApi } from '../../../test/api-server';
import { useOrigin } from '../../../test/dom';
import { renderWithData } from '../../../test/render';
import { ChannelStatusCard } from './channel-status-card';

let server: TestApi;
const user = { id: 1, name: 'Ada', balance: 5000, is_channel: false, channel_expire_at: null } as unknown as UserProfile;
const limits = (confirmAbove: number): SpendingLimits => ({
  daily_limit: null,
  monthly_limit: null,
  pending: null,
  spent_today: 0,
  spent_this_month: 0,
  daily_left: null,
  monthly_left: null,
  warning: false,
  confirm_above: confirmAbove,
});

beforeAll(async () => {
  server = await startTestApi();
  useOrigin(server);
  server.handle('GET', '/api/sanctum/csrf-cookie', { status: 204, headers: { 'set-cookie': 'XSRF-TOKEN=t; Path=/' } });
  server.handle('POST', '/api/user/become-channel', { json: { status: 'OK', payload: { ...user, is_channel: true } } });
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  resetApiClient();
  server.requests.length = 0;
});

function renderCard(confirmAbove: number) {
  const { client } = renderWithData(<ChannelStatusCard user={user} />);
  client.setQueryData(settingsQuery.queryKey, { channel_status_cost: 1000, channel_status_duration: 1, max_channel_topics: 5 } as never);
  client.setQueryData(spendingQueryKey, limits(confirmAbove));
}

const bought = () => server.requests.some((r) => r.method === 'POST' && r.path === '/api/user/become-channel');

// formatNumber groups with a (narrow) space: '1 000'.
describe('channel status purchase (issue 33 #13)', () => {
  it('asks before spending 1,000 coins when that is above the user’s confirmation amount', async () => {
    renderCard(100);
    fireEvent.click(await screen.findByRole('button', { name: texts.account.buyChannel.replace('{days}', '7') }));
    const dialog = await screen.findByRole('dialog', { name: /^Spend 1\s000 coins\?$/ });
    expect(dialog.textContent).toContain('above 100 coins');
    expect(bought()).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /^Spend 1\s000 coins$/ }));
    await waitFor(() => expect(bought()).toBe(true));
  });

  it('buys at once when the price is within the user’s amount', async () => {
    renderCard(5000);
    fireEvent.click(await screen.findByRole('button', { name: texts.account.buyChannel.replace('{days}', '7') }));
    await waitFor(() => expect(bought()).toBe(true));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
