/**
 * The tab title and favicon show unread news (issue 34 §3): '(3) Parley — …' and a dot on the icon
 * while the bell counts unread notices; both return to normal once they are read.
 */
const plainIcon = '/favicon.svg';
const unreadIcon = '/favicon-unread.svg';

let baseTitle = '';
let unreadCount = 0;

export function titleWithUnread(title: string, unread: number): string {
  return unread > 0 ? `(${unread > 99 ? '99+' : unread}) ${title}` : title;
}

function render() {
  document.title = titleWithUnread(baseTitle, unreadCount);
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    link.type = 'image/svg+xml';
    document.head.appendChild(link);
  }
  const href = unreadCount > 0 ? unreadIcon : plainIcon;
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}

/** The title without the unread count (set when the language changes). */
export function setBaseTitle(title: string) {
  baseTitle = title;
  render();
}

/** The number of unread notices; 0 removes the count and the dot. */
export function setUnreadCount(unread: number) {
  unreadCount = Math.max(0, unread);
  render();
}
