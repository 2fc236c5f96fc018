/**
 * Every route of the app (spec §2). Components build links with `getHref`, so a
 * path is typed once, here. `name` is the spec's route name where it has one.
 */
export type AuthForm = 'signin' | 'signup' | 'reset';
export type AccountTab = string;
export type PaymentType = 'topup' | 'payment';

const withQuery = (path: string, query: Record<string, string | number | undefined | null>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

export const paths = {
  home: { path: '/', getHref: () => '/' },
  auth: {
    name: 'Auth',
    path: '/auth',
    getHref: (form: AuthForm = 'signin', redirect?: string | null) => withQuery('/auth', { form, redirect }),
  },
  resetPassword: { path: '/reset-password', getHref: (search = '') => `/reset-password${search}` },
  passwordRestore: { path: '/password-restore' },
  emailVerification: {
    name: 'EmailVerificationPage',
    path: '/email-verification',
    getHref: (query: { email?: string | null; redirect?: string | null } = {}) => withQuery('/email-verification', query),
  },
  successPayment: {
    name: 'SuccessPaymentPage',
    path: '/success-payment',
    getHref: (query: { order_id?: string | number; type?: PaymentType } = {}) => withQuery('/success-payment', query),
  },
  failPayment: {
    name: 'FailPaymentPage',
    path: '/fail-payment',
    getHref: (query: { order_id?: string | number; type?: PaymentType; error?: string } = {}) => withQuery('/fail-payment', query),
  },
  pendingPayment: { path: '/pending-payment' },
  processingPayment: {
    name: 'ProcessingPaymentPage',
    path: '/processing-payment',
    getHref: (query: { order_id?: string | number; type?: PaymentType } = {}) => withQuery('/processing-payment', query),
  },
  rooms: { name: 'RoomListPage', path: '/rooms', getHref: () => '/rooms' },
  roomTopics: { path: '/rooms/:roomId/topics', getHref: (roomId: number | string) => `/rooms/${roomId}/topics` },
  startChat: { path: '/chat', getHref: () => '/chat' },
  oncall: { path: '/oncall', getHref: () => '/oncall' },
  topicChat: { path: '/topics/:topicId/chat', getHref: (topicId: number | string) => `/topics/${topicId}/chat` },
  account: {
    name: 'account',
    path: '/account',
    getHref: (tab?: AccountTab) => withQuery('/account', { tab }),
  },
  staticPageLegacy: { path: '/static-page/:slug', getHref: (idOrSlug: number | string) => `/static-page/${idOrSlug}` },
  staticPage: { path: '/:slug', getHref: (slug: string) => `/${slug}` },
  products: { path: '/products', getHref: (page?: number) => withQuery('/products', { page: page && page > 1 ? page : undefined }) },
  product: { path: '/products/:productId', getHref: (productId: number | string) => `/products/${productId}` },
  checkout: { path: '/checkout/:productId', getHref: (productId: number | string) => `/checkout/${productId}` },
  /** A statement's contest link (issue 36 §2): a banned person contests without signing in. */
  contest: { path: '/contest/:token', getHref: (token: string) => `/contest/${token}` },
  admin: { path: '/admin', getHref: (section = '') => (section ? `/admin/${section}` : '/admin') },
  notFound: { name: 'NotFound', path: '*' },
} as const;

/** First path segments that never resolve to a static page (spec §2 `/{slug}`). */
export const reservedSlugs = new Set([
  'products',
  'checkout',
  'account',
  'auth',
  'rooms',
  'topics',
  'chat',
  'oncall',
  'static-page',
  'success-payment',
  'fail-payment',
  'pending-payment',
  'processing-payment',
  'reset-password',
  'password-restore',
  'email-verification',
  'contest',
  'admin',
  'api',
  'dev',
]);

/** Screens with a transparent header (spec §2 Layout). */
export const isTransparentHeaderPath = (pathname: string) => pathname === paths.home.path || pathname === paths.auth.path || isChatLikePath(pathname);

/** Chat, rooms and topics screens: no footer. */
export const isChatLikePath = (pathname: string) =>
  pathname === paths.startChat.path || pathname === paths.rooms.path || pathname.startsWith('/rooms/') || pathname.startsWith('/topics/');

/** Screens that show the small auth footer instead of the full one. */
export const isAuthPath = (pathname: string) =>
  pathname === paths.auth.path || pathname === paths.resetPassword.path || pathname === paths.emailVerification.path;

export const authForms: readonly AuthForm[] = ['signin', 'signup', 'reset'];
export const parseAuthForm = (value: string | null): AuthForm => (authForms.includes(value as AuthForm) ? (value as AuthForm) : 'signin');

/** A redirect target must be an in-app path, never another origin. */
export const safeRedirect = (value: string | null | undefined): string | null =>
  value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;
