import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { GuestOnly, RequireAuth } from './guards';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './route-error';
import { AccountRoute } from './routes/account';
import { AuthRoute } from './routes/auth';
import { ChatRoute } from './routes/chat';
import { EmailVerificationRoute } from './routes/email-verification';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { FailPaymentRoute, ProcessingPaymentRoute, SuccessPaymentRoute } from './routes/payment-result';
import { PasswordRestoreRedirect, ResetPasswordRoute } from './routes/reset-password';
import { RoomsRoute } from './routes/rooms';
import { StartChatRoute } from './routes/start-chat';
import { CheckoutRoute, ProductRoute, ProductsRoute } from './routes/store';
import { SlugPageRoute, StaticPageRoute } from './routes/static-page';
import { TopicsRoute } from './routes/topics';

/** The admin console is its own chunk, fetched only when /admin is opened. */
const AdminApp = lazy(() => import('../features/admin/admin-app'));

/** Every route of spec §2. `id` carries the spec's route name where it has one. */
export const routes: RouteObject[] = [
  {
    path: `${paths.admin.path}/*`,
    errorElement: <RouteError />,
    element: (
      <Suspense fallback={<PageSpinner />}>
        <AdminApp />
      </Suspense>
    ),
  },
  {
    element: <RootLayout />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomeRoute /> },
          { id: paths.auth.name, path: paths.auth.path, element: <GuestOnly><AuthRoute /></GuestOnly> },
          { path: paths.resetPassword.path, element: <GuestOnly><ResetPasswordRoute /></GuestOnly> },
          { path: paths.passwordRestore.path, element: <PasswordRestoreRedirect /> },
          { id: paths.emailVerification.name, path: paths.emailVerification.path, element: <EmailVerificationRoute /> },
          { id: paths.successPayment.name, path: paths.successPayment.path, element: <SuccessPaymentRoute /> },
          { id: paths.failPayment.name, path: paths.failPayment.path, element: <FailPaymentRoute /> },
          { id: paths.processingPayment.name, path: paths.processingPayment.path, element: <ProcessingPaymentRoute /> },
          { path: paths.pendingPayment.path, element: <ProcessingPaymentRoute /> },
          {
            element: <RequireAuth />,
            children: [
              { id: paths.rooms.name, path: paths.rooms.path, element: <RoomsRoute /> },
              { path: paths.roomTopics.path, element: <TopicsRoute /> },
              { path: paths.startChat.path, element: <StartChatRoute /> },
              { path: paths.topicChat.path, element: <ChatRoute /> },
              { id: paths.account.name, path: paths.account.path, element: <AccountRoute /> },
              { path: paths.checkout.path, element: <CheckoutRoute /> },
            ],
          },
          { path: paths.products.path, element: <ProductsRoute /> },
          { path: paths.product.path, element: <ProductRoute /> },
          { path: paths.staticPageLegacy.path, element: <StaticPageRoute /> },
          { path: paths.staticPage.path, element: <SlugPageRoute /> },
          { id: paths.notFound.name, path: paths.notFound.path, element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
