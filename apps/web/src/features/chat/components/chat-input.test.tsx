import type { AttachmentCosts } from '@parley/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatInput } from './chat-input';

const costs: AttachmentCosts = { image: 20, document: 15, audio: 30, video: 40, message_symbol_cost: 2, max_files: 5, max_file_bytes: 5 * 1024 * 1024 };
afterEach(cleanup);

function setup(overrides: Partial<Parameters<typeof ChatInput>[0]> = {}) {
  const onSend = vi.fn().mockResolvedValue(undefined);
  const onTyping = vi.fn();
  render(<ChatInput disabled={false} placeholder="Type a message…" isInChat costs={costs} onSend={onSend} onTyping={onTyping} {...overrides} />);
  return { onSend, onTyping, box: screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement };
}

describe('ChatInput', () => {
  it('sends on Enter and clears the box', async () => {
    const { onSend, box } = setup();
    fireEvent.change(box, { target: { value: 'hello' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('hello', []));
    await waitFor(() => expect(box.value).toBe(''));
  });

  it('does not send on Shift+Enter', () => {
    const { onSend, box } = setup();
    fireEvent.change(box, { target: { value: 'line one' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('never sends blank text', () => {
    const { onSend, box } = setup();
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('shows the text cost in points only for non-empty text', () => {
    const { box } = setup();
    expect(screen.queryByLabelText(/Cost:/)).toBeNull();
    fireEvent.change(box, { target: { value: 'abc' } });
    expect(screen.getByLabelText('Cost: 6 points').textContent).toBe('6 pts');
  });

  it('announces typing while the text is non-empty', () => {
    const { onTyping, box } = setup();
    fireEvent.change(box, { target: { value: 'a' } });
    fireEvent.change(box, { target: { value: '' } });
    expect(onTyping.mock.calls).toEqual([[true], [false]]);
  });

  it("shows 'Chat is full' and blocks sending when disabled for that reason", () => {
    const { onSend, box } = setup({ disabled: true, isInChat: false, placeholder: 'Chat is full' });
    expect(box.disabled).toBe(true);
    expect(box.placeholder).toBe('Chat is full');
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('refuses a non-image in the image picker with the spec message', async () => {
    setup();
    const input = screen.getByTestId('image-input');
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('Only PNG, JPEG, GIF, and WebP images are allowed')).toBeTruthy();
  });
});
