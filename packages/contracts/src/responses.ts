import { z } from 'zod';
import { recoveryCodesSchema, twoFactorSetupSchema, twoFactorStatusSchema, userProfileSchema } from './auth.js';
import { bundleSchema, depositHistoryRowSchema, depositSchema } from './coins.js';
import { applicationSubmittedSchema } from './contributors.js';
import { envelopeSchema, pageMetaSchema } from './envelope.js';
import { passkeyAddedSchema, passkeyListSchema, passkeyRegistrationOptionsSchema, passkeySchema, passkeySignInOptionsSchema } from './passkeys.js';
import { notificationSettingsSchema } from './push.js';
import { notificationsPayloadSchema } from './notifications.js';
import { payoutHistoryResponseSchema, payoutHistoryRowSchema, payoutMethodsResponseSchema } from './payouts.js';
import { faqSchema, staticPageSchema } from './reference.js';
import {
  checkoutPrefillSchema,
  checkoutResultSchema,
  orderSchema,
  productSchema,
  skinsPayloadSchema,
  storePageSchema,
  storeTransactionSchema,
} from './store.js';

/*
 * Whole answers (envelopes) of the calls the web makes, one schema per call: the web's fetchers parse
 * with them (issue 32 §3) and `apps/server/test/web-contracts.test.ts` checks the real server answers them.
 * The chat's are in chat.ts.
 */

// Account and sign-in
export const profileResponseSchema = envelopeSchema(userProfileSchema);
export const twoFactorStatusResponseSchema = envelopeSchema(twoFactorStatusSchema);
export const twoFactorSetupResponseSchema = envelopeSchema(twoFactorSetupSchema);
export const recoveryCodesResponseSchema = envelopeSchema(recoveryCodesSchema);

// Coins and deposits
export const bundlesResponseSchema = envelopeSchema(z.array(bundleSchema));
export const depositResponseSchema = envelopeSchema(depositSchema);
/** POST /deposit/checkout: the pending deposit and where to pay it (in the payload and, as spec §7 shows, beside it). */
export const depositCheckoutResponseSchema = envelopeSchema(z.object({ deposit: depositSchema, redirect_url: z.string() })).extend({
  redirect_url: z.string(),
});
export const depositHistoryResponseSchema = envelopeSchema(z.object({ data: z.array(depositHistoryRowSchema), meta: pageMetaSchema }));
export const checkoutPrefillResponseSchema = envelopeSchema(checkoutPrefillSchema);

// Contributors and payouts
/** The server's own answer (the application in the payload and, as spec §7 shows, beside it). */
export const applicationSubmittedResponseSchema = applicationSubmittedSchema;
export const payoutMethodsEnvelopeSchema = envelopeSchema(payoutMethodsResponseSchema);
export const payoutHistoryEnvelopeSchema = envelopeSchema(payoutHistoryResponseSchema);
export const payoutCreatedResponseSchema = envelopeSchema(z.object({ payout: payoutHistoryRowSchema }));

// Notifications
export const notificationsResponseSchema = envelopeSchema(notificationsPayloadSchema);
export const unreadCountResponseSchema = envelopeSchema(z.object({ unread_count: z.number().int() }));

// Content
export const faqResponseSchema = envelopeSchema(z.array(faqSchema));
export const staticPageResponseSchema = envelopeSchema(staticPageSchema);

// Store
export const productsResponseSchema = envelopeSchema(storePageSchema(productSchema));
export const productResponseSchema = envelopeSchema(productSchema);
export const skinsResponseSchema = envelopeSchema(skinsPayloadSchema);
export const ordersResponseSchema = envelopeSchema(storePageSchema(orderSchema));
export const storeTransactionsResponseSchema = envelopeSchema(storePageSchema(storeTransactionSchema));
export const orderResponseSchema = envelopeSchema(orderSchema);
export const orderStatusResponseSchema = envelopeSchema(
  z.object({ status: orderSchema.shape.status, status_label: orderSchema.shape.status_label, order: orderSchema }),
);
export const storeCheckoutResponseSchema = envelopeSchema(checkoutResultSchema);

/** Account → Notifications (issue 34 §3): every change answers the settings as they are now. */
export const notificationSettingsResponseSchema = envelopeSchema(notificationSettingsSchema);

/** Account → Security → Passkeys (issue 36 §3). */
export const passkeyListResponseSchema = envelopeSchema(passkeyListSchema);
export const passkeyRegistrationOptionsResponseSchema = envelopeSchema(passkeyRegistrationOptionsSchema);
export const passkeyAddedResponseSchema = envelopeSchema(passkeyAddedSchema);
export const passkeySignInOptionsResponseSchema = envelopeSchema(passkeySignInOptionsSchema);
export const passkeyRenamedResponseSchema = envelopeSchema(z.object({ passkey: passkeySchema }));
