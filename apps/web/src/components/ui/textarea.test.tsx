import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Textarea } from './textarea';

afterEach(cleanup);

describe('Textarea', () => {
  it('counts symbols against the default 500 limit', () => {
    render(<Textarea label="Experience" />);
    expect(screen.getByText('0/500 Symbols')).toBeTruthy();
    const box = screen.getByLabelText('Experience') as HTMLTextAreaElement;
    expect(box.maxLength).toBe(500);
    fireEvent.change(box, { target: { value: 'Hello' } });
    expect(screen.getByText('5/500 Symbols')).toBeTruthy();
  });

  it('uses a custom limit and follows a controlled value', () => {
    render(<Textarea label="Topic" limit={50} value="abc" onChange={() => undefined} />);
    expect(screen.getByText('3/50 Symbols')).toBeTruthy();
  });
});
