import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { CallToAction, Hero } from './home-sections';

describe('home calls to action (spec §1)', () => {
  afterEach(cleanup);

  it('lead to the room list, "How it works" included', () => {
    render(
      <MemoryRouter>
        <Hero />
        <CallToAction />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'How it works' }).getAttribute('href')).toBe(paths.rooms.getHref());
    for (const link of screen.getAllByRole('link')) expect(link.getAttribute('href')).toBe(paths.rooms.getHref());
  });
});
