import { type TestApi } from './api-server';

/** Points the happy-dom window at the test API, so '/api' is same-origin as in the browser. */
export function useOrigin(api: TestApi) {
  (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM.setURL(`${api.origin}/`);
}

export function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}
