import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';
import { Tabs } from './tabs';

afterEach(cleanup);

describe('Tabs', () => {
  it('marks the active tab and moves with the arrow keys', () => {
    const onChange = vi.fn();
    render(
      <Tabs
        label="Sections"
        active="b"
        onChange={onChange}
        tabs={[
          { id: 'a', label: 'A' },
          { id: 'b', label: 'B' },
          { id: 'c', label: 'C' },
        ]}
      />,
    );
    expect(screen.getByRole('tab', { name: 'B' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'B' }), { key: 'ArrowRight' });
    expect(onChange).toHaveBeenLastCalledWith('c');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'A' }), { key: 'ArrowLeft' });
    expect(onChange).toHaveBeenLastCalledWith('c');
    fireEvent.click(screen.getByRole('tab', { name: 'A' }));
    expect(onChange).toHaveBeenLastCalledWith('a');
  });
});

describe('Pagination', () => {
  it('offers previous and next within bounds and marks the current page', () => {
    const onChange = vi.fn();
    render(<Pagination page={1} lastPage={3} onChange={onChange} />);
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: '1' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination page={1} lastPage={1} onChange={() => undefined} />);
    expect(container.innerHTML).toBe('');
  });
});
