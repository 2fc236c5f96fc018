import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reloadConsent, saveConsent } from '../lib/consent';
import { createQueryClient } from '../lib/query-client';
import { settingsQuery } from '../lib/reference';
import { clearCookies } from '../test/dom';
import { TagScript } from './tag-script';

const renderWith = (tagScript: string) => {
  const client = createQueryClient();
  client.setQueryData(settingsQuery.queryKey, { tag_script: tagScript } as never);
  render(
    <QueryClientProvider client={client}>
      <TagScript />
    </QueryClientProvider>,
  );
};
const injected = () => document.head.querySelector('script#parley-tag-script');

beforeEach(() => {
  clearCookies();
  reloadConsent();
  injected()?.remove();
});
afterEach(cleanup);

describe('TagScript', () => {
  it('is not injected before consent, nor after declining advertising', () => {
    renderWith('console.log(1)');
    expect(injected()).toBeNull();
    act(() => saveConsent({ advertising: false, customization: true, functionality: true }));
    expect(injected()).toBeNull();
  });

  it('is injected as a same-origin script after advertising consent', () => {
    renderWith('console.log(1)');
    act(() => saveConsent({ advertising: true, customization: false, functionality: false }));
    expect(injected()?.getAttribute('src')).toBe('/api/tag-script.js');
  });

  it('is not injected when the setting is empty', () => {
    saveConsent({ advertising: true, customization: false, functionality: false });
    renderWith('  ');
    expect(injected()).toBeNull();
  });
});
