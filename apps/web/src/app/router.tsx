import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { GuestOnly, RequireAuth } from './guards';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './route-error';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { SlugPageRoute, StaticPageRoute } from './routes/static-page';

/**
 * Heavy screens load on demand so the first page (home, auth) stays small:
 * `lazy` resolves the route module when the route is first matched.
 */
function load<M extends Record<string, unknown>>(module: () => Promise<M>, name: keyof M): NonNullable<RouteObject['lazy']> {
  return async () => ({ Component: (await module())[name] as ComponentType });
}
/** A guests-only screen, loaded on demand. */
function loadGuestOnly<M extends Record<string, unknown>>(module: () => Promise<M>, name: keyof M): NonNullable<RouteObject['lazy']> {
  return async () => {
    const Screen = (await module())[name] as ComponentType;
    return {
      Component: () => (
        <GuestOnly>
          <Screen />
        </GuestOnly>
      ),
    };
  };
}
const account = () => import('./routes/account');
const auth = () => import('./routes/auth');
const emailVerification = () => import('./routes/email-verification');
const resetPassword = () => import('./routes/reset-password');
const chat = () => import('./routes/chat');
const paymentResult = () => import('./routes/payment-result');
const rooms = () => import('./routes/rooms');
const startChat = () => import('./routes/start-chat');
const store = () => import('./routes/store');
const topics = () => import('./routes/topics');
const oncall = () => import('./routes/oncall');
const contest = () => import('./routes/contest');

/** The admin console is its own chunk, fetched only when /admin is opened. */
const AdminApp = lazy(() => import('../features/admin/admin-app'));

/** Every route of spec §2. `id` carries the spec's route name where it has one. */
export const routes: RouteObject[] = [
  {
    path: `${paths.admin.path}/*`,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    element: (
      <Suspense fallback={<PageSpinner />}>
        <AdminApp />
      </Suspense>
    ),
  },
  {
    element: <RootLayout />,
    // A first load on a lazy route waits for its module: a spinner meanwhile (without one React Router warns).
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomeRoute /> },
          { id: paths.auth.name, path: paths.auth.path, lazy: loadGuestOnly(auth, 'AuthRoute') },
          { path: paths.resetPassword.path, lazy: loadGuestOnly(resetPassword, 'ResetPasswordRoute') },
          { path: paths.passwordRestore.path, lazy: load(resetPassword, 'PasswordRestoreRedirect') },
          { id: paths.emailVerification.name, path: paths.emailVerification.path, lazy: load(emailVerification, 'EmailVerificationRoute') },
          { id: paths.successPayment.name, path: paths.successPayment.path, lazy: load(paymentResult, 'SuccessPaymentRoute') },
          { id: paths.failPayment.name, path: paths.failPayment.path, lazy: load(paymentResult, 'FailPaymentRoute') },
          { id: paths.processingPayment.name, path: paths.processingPayment.path, lazy: load(paymentResult, 'ProcessingPaymentRoute') },
          { path: paths.pendingPayment.path, lazy: load(paymentResult, 'ProcessingPaymentRoute') },
          { path: paths.contest.path, lazy: load(contest, 'ContestRoute') },
          {
            element: <RequireAuth />,
            children: [
              { id: paths.rooms.name, path: paths.rooms.path, lazy: load(rooms, 'RoomsRoute') },
              { path: paths.roomTopics.path, lazy: load(topics, 'TopicsRoute') },
              { path: paths.startChat.path, lazy: load(startChat, 'StartChatRoute') },
              { path: paths.oncall.path, lazy: load(oncall, 'OncallRoute') },
              { path: paths.topicChat.path, lazy: load(chat, 'ChatRoute') },
              { id: paths.account.name, path: paths.account.path, lazy: load(account, 'AccountRoute') },
              { path: paths.checkout.path, lazy: load(store, 'CheckoutRoute') },
            ],
          },
          { path: paths.products.path, lazy: load(store, 'ProductsRoute') },
          { path: paths.product.path, lazy: load(store, 'ProductRoute') },
          { path: paths.staticPageLegacy.path, element: <StaticPageRoute /> },
          { path: paths.staticPage.path, element: <SlugPageRoute /> },
          { id: paths.notFound.name, path: paths.notFound.path, element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
