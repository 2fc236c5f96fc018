import { createMessageBodySchema } from '@parley/contracts';
import { z } from 'zod';

/**
 * Names, summaries and examples of the spec §7 operations in the OpenAPI document (issue 32): what a client
 * author reads first. Operations not listed get an id and summary from their path (plugins/docs.ts).
 */
export interface OperationDoc {
  operationId: string;
  summary: string;
  /** A request body a client can send as it is. */
  example?: Record<string, unknown>;
  /** Query parameter examples. */
  queryExample?: Record<string, unknown>;
  /** The JSON body of a route that reads its own body (JSON or multipart), for the document only. */
  body?: z.ZodType;
}

const spec: Record<string, OperationDoc> = {
  'GET /api/sanctum/csrf-cookie': { operationId: 'getCsrfCookie', summary: 'Set the XSRF-TOKEN cookie (before a cookie sign-in)' },
  'GET /api/is-auth': { operationId: 'isAuth', summary: 'Whether the caller is signed in and verified' },
  'POST /api/register': {
    operationId: 'register',
    summary: 'Sign up (spec §7)',
    example: {
      name: 'Alex',
      email: 'alex@example.com',
      phone: '+4915112345678',
      phoneCountryCode: '49',
      nationalNumber: '15112345678',
      password: 'Correct-horse-battery-9',
      password_confirmation: 'Correct-horse-battery-9',
      accept_terms: true,
    },
  },
  'POST /api/email/verify': {
    operationId: 'verifyEmail',
    summary: 'Verify the e-mail address (id and token from the mail link)',
    example: { id: 42, token: 'token-from-the-mail' },
  },
  'POST /api/resendConfirmationLink': {
    operationId: 'resendConfirmationLink',
    summary: 'Send the verification mail again',
    example: { email: 'alex@example.com' },
  },
  'POST /api/login': {
    operationId: 'login',
    summary: 'Sign in (spec §7; a second factor answers TWO_FACTOR)',
    example: { email: 'alex@example.com', password: 'Correct-horse-battery-9' },
  },
  'POST /api/logout': { operationId: 'logout', summary: 'Sign out (ends this session)' },
  'GET /api/user/profile': { operationId: 'getProfile', summary: "The signed-in user's profile" },
  'PUT /api/user/profile': { operationId: 'updateProfile', summary: "Update the signed-in user's profile" },
  'GET /api/settings': { operationId: 'getSettings', summary: 'Public settings (prices, limits, features)' },
  'GET /api/languages': { operationId: 'listLanguages', summary: 'Languages the app is offered in' },
  'GET /api/localizations': { operationId: 'getLocalizations', summary: "A language's texts" },
  'GET /api/countries': { operationId: 'listCountries', summary: 'Countries (sign-up, top-up, payouts)' },
  'GET /api/currencies': { operationId: 'listCurrencies', summary: 'Display currencies' },
  'GET /api/rooms/index': { operationId: 'listRooms', summary: 'Rooms, a page at a time', queryExample: { page: 1 } },
  'GET /api/topics/index': { operationId: 'listTopics', summary: "A room's open topics", queryExample: { room_id: 1, page: 1 } },
  'GET /api/topics/active': { operationId: 'listActiveTopics', summary: "The caller's active topics" },
  'GET /api/topics/topic': { operationId: 'getTopic', summary: 'One topic the caller may read', queryExample: { topic_id: 1 } },
  'POST /api/topics/create': { operationId: 'createTopic', summary: 'Open a topic in a room (charged)', example: { room_id: 1, title: 'Evening talk' } },
  'POST /api/topics/join': { operationId: 'joinTopic', summary: 'Join a topic', example: { topic_id: 1 } },
  'POST /api/topics/leave': { operationId: 'leaveTopic', summary: 'Leave a topic', example: { topic_id: 1 } },
  'GET /api/messages/index': {
    operationId: 'listMessages',
    summary: "A topic's messages (poll with after_id; 304 when nothing is new)",
    queryExample: { topic_id: 1 },
  },
  'POST /api/messages/create': {
    operationId: 'sendMessage',
    summary: 'Send a message (charged)',
    body: createMessageBodySchema,
    example: { topic_id: 1, content: 'Hello!', client_id: 'c-1a2b3c' },
  },
  'GET /api/bundles/index': { operationId: 'listBundles', summary: 'Coin bundles for sale' },
  'POST /api/bundles/purchase': { operationId: 'purchaseBundle', summary: 'Buy a bundle (opens a checkout)', example: { bundle_id: 1 } },
  'POST /api/deposit/checkout': {
    operationId: 'depositCheckout',
    summary: 'Top up: open a checkout (absolute redirect_url)',
    example: {
      amount: 10,
      name: 'Alex',
      surname: 'Smith',
      phone: '+4915112345678',
      email: 'alex@example.com',
      country: 'Germany',
      city: 'Berlin',
      address: 'Hauptstraße 1',
      postCode: '10115',
      accept_terms: true,
    },
  },
  'GET /api/deposit/prefill': { operationId: 'getDepositPrefill', summary: 'Top-up form values from earlier top-ups' },
  'GET /api/deposit/status/{id}': { operationId: 'getDepositStatus', summary: 'A top-up checkout and its status' },
  'GET /api/deposit/history': { operationId: 'listDeposits', summary: "The caller's top-ups" },
  'GET /api/payouts/methods': { operationId: 'listPayoutMethods', summary: 'Payout methods and the balance that can be paid out' },
  'GET /api/payouts': { operationId: 'listPayouts', summary: "The caller's payout requests" },
  'POST /api/payouts': { operationId: 'requestPayout', summary: 'Request a payout (needs two-factor sign-in)' },
  'POST /api/ws/ticket': { operationId: 'createWsTicket', summary: 'A one-time ticket to open the WebSocket' },
  'GET /api/health': { operationId: 'health', summary: 'Liveness' },
  'GET /api/ready': { operationId: 'ready', summary: 'Readiness (database, Redis)' },
};

export function operationDoc(method: string, url: string): OperationDoc | undefined {
  return spec[`${method} ${url.replace(/:(\w+)/g, '{$1}')}`];
}
