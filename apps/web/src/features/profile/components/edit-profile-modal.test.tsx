import { texts, type UserProfile } from '@parley/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast';
import { resetApiClient } from '../../../lib/api-client';
import { userQueryKey } from '../../../lib/user';
import { startTestApi, type TestApi } from '../../../test/api-server';
import { useOrigin } from '../../../test/dom';
import { renderWithData } from '../../../test/render';
import { EditProfileModal } from './edit-profile-modal';
import { testProfile } from '../../../test/contract-fixtures';

const p = texts.profile;
let server: TestApi;
const user = testProfile({
  id: 1,
  name: 'demo',
  surname: 'User',
  email: 'demo@parley.chat',
  phone: '+37251234567',
  avatar_color: 'teal-blue',
  balance: 10,
  chat_name: 'Calm Otter',
});

beforeAll(async () => {
  server = await startTestApi();
  useOrigin(server);
  server.handle('GET', '/api/sanctum/csrf-cookie', { status: 204, headers: { 'set-cookie': 'XSRF-TOKEN=t; Path=/' } });
  server.handle('GET', '/api/user/profile', { json: { status: 'OK', payload: user } });
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  resetApiClient();
  server.requests.length = 0;
});

const open = (profile: UserProfile = user) => {
  const onClose = vi.fn();
  const view = renderWithData(
    <>
      <EditProfileModal user={profile} open onClose={onClose} />
      <Toaster />
    </>,
  );
  return { onClose, ...view };
};
const save = () => fireEvent.click(screen.getByRole('button', { name: p.saveChanges }));

describe('Edit Profile modal (spec §2, §5)', () => {
  it('shows the avatar (size 120, uppercase first letter), the four colours, and a disabled email', () => {
    open();
    expect(screen.getByRole('dialog', { name: p.editProfile })).toBeTruthy();
    const avatar = document.querySelector('.avatar') as HTMLElement;
    expect(avatar.textContent).toBe('D');
    expect(avatar.style.width).toBe('120px');
    expect(screen.getAllByRole('radio')).toHaveLength(4);
    expect((screen.getByRole('radio', { name: 'Teal blue' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Email') as HTMLInputElement).disabled).toBe(true);
  });

  it('validates with the spec messages', async () => {
    open({ ...user, email: '' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText('Surname'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '12' } });
    save();
    await waitFor(() => expect(screen.getByText(p.firstNameRequired)).toBeTruthy());
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      p.firstNameRequired,
      p.lastNameRequired,
      texts.auth.invalidEmail,
      texts.auth.validPhoneRequired,
    ]);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: '' } });
    save();
    await waitFor(() => expect(screen.getByText(texts.auth.emailRequired)).toBeTruthy());
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('shows the first server message of a field', async () => {
    server.handle('PUT', '/api/user/profile', {
      status: 422,
      json: { status: 'ERROR', payload: null, message: 'Validation failed', errors: { surname: ['Surname is too odd', 'second'] } },
    });
    open();
    save();
    expect(await screen.findByText('Surname is too odd')).toBeTruthy();
    expect(screen.queryByText('second')).toBeNull();
  });

  it('saves name, surname, phone and colour (not a fixed email), toasts, updates the user and closes', async () => {
    server.handle('PUT', '/api/user/profile', (request) => ({
      json: { status: 'OK', message: p.updated, payload: { ...user, ...(JSON.parse(request.body) as object) } },
    }));
    const { onClose, client } = open();
    fireEvent.change(screen.getByLabelText('Surname'), { target: { value: 'Tester' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Soft red' }));
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.getByText(p.updated)).toBeTruthy();
    const body = JSON.parse(server.requests.find((r) => r.method === 'PUT')!.body) as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'demo', surname: 'Tester', phone: '+37251234567', avatar_color: 'soft-red', chat_name: 'Calm Otter' });
    expect(body).not.toHaveProperty('email');
    expect(client.getQueryData<UserProfile>(userQueryKey)?.surname).toBe('Tester');
  });

  it('edits the chat name others see; an interlocutor keeps the approved nickname', async () => {
    server.handle('PUT', '/api/user/profile', (request) => ({
      json: { status: 'OK', message: p.updated, payload: { ...user, ...(JSON.parse(request.body) as object) } },
    }));
    const first = open();
    expect(screen.getByText(p.chatNameHint)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(p.chatName), { target: { value: 'Night Owl' } });
    save();
    await waitFor(() => expect(first.onClose).toHaveBeenCalled());
    expect(JSON.parse(server.requests.find((r) => r.method === 'PUT')!.body)).toMatchObject({ chat_name: 'Night Owl' });
    cleanup();
    server.requests.length = 0;

    const second = open({ ...user, is_contributor: true, chat_name: 'Approved Nick' });
    expect((screen.getByLabelText(p.chatName) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(p.chatNameNickname)).toBeTruthy();
    save();
    await waitFor(() => expect(second.onClose).toHaveBeenCalled());
    expect(JSON.parse(server.requests.find((r) => r.method === 'PUT')!.body)).not.toHaveProperty('chat_name');
  });
});
