/** Business constants and limits of spec §9. */
export const limits = {
  toastMs: 3000,
  applicationResetMs: 3000,
  phoneErrorDebounceMs: 500,
  textareaMax: 500,
  phoneMaxLength: 25,
  requestTimeoutMs: 30_000,
  topicRequestTimeoutMs: 10_000,
  termsRequestTimeoutMs: 8_000,
  depositPollMs: 3000,
  gatewayRedirectMs: 2000,
  messagePollMs: 5000,
  loadOlderPx: 150,
  autoScrollPx: 200,
  humanSearchMinS: 10,
  humanSearchMaxS: 60,
  humanSearchOfferAiS: 60,
  defaultConversionRate: 100,
  quickTopUpAmounts: [5, 10, 25, 50] as const,
  defaultTopUpAmount: 25,
  sortCodeLength: 8,
  historyPageSize: 5,
  roomsPerPage: 12,
  bundlesShown: 3,
  messagesPageSize: 20,
  /** Topics per page of GET /topics/index (issue 38): two screenfuls of the grid; the page's SQL costs per topic on it. */
  topicsPageSize: 24,
  topicNameMax: 50,
  maxFiles: 5,
  maxFileBytes: 5 * 1024 * 1024,
  defaultActiveChatLimit: 1,
  defaultChannelTopics: 5,
  passwordMin: 8,
  passwordMax: 128,
  messageMaxChars: 4000,
  sessionExpiredResetMs: 3000,
  cookieConsentDays: 365,
  dropdownMaxHeightPx: 300,
} as const;

export const defaultCurrency = { code: 'EUR', symbol: '€', decimals: 2 } as const;
export const defaultLanguageCode = 'en';

export const avatarColors = ['deep-blue', 'soft-red', 'teal-blue', 'golden-yellow'] as const;
export type AvatarColor = (typeof avatarColors)[number];
export const defaultAvatarColor: AvatarColor = 'deep-blue';

export const localKeys = { authSession: 'auth_session', token: 'token', languageId: 'languageId' } as const;

export const chatModes = ['human', 'ai'] as const;
export type ChatMode = (typeof chatModes)[number];

export const textLooks = ['bold', 'normal', 'italic', 'underline'] as const;
export type TextLook = (typeof textLooks)[number];

export const attachmentTypes = ['image', 'document', 'audio', 'video'] as const;
export type AttachmentType = (typeof attachmentTypes)[number];
/** The setting holding each attachment type's price in coins (issue 37 §5: costs derive from the types). */
export const attachmentCostSetting = <T extends AttachmentType>(type: T) => `${type}_attachment_cost` as const;

export const storeStatuses = ['Successfully', 'Canceled', 'Failed', 'Pending', 'Processing', 'Refunded', 'Disputed'] as const;
export type StoreStatus = (typeof storeStatuses)[number];

/** Cookie names shared by server and client. */
export const cookieNames = { session: 'parley_session', xsrf: 'XSRF-TOKEN', consent: 'cookie_consent', consentSettings: 'cookie_settings' } as const;
export const xsrfHeader = 'x-xsrf-token';

/** Issue 34 §3: a tab renews 'showing this conversation' at least this often; it lapses after VIEWING_LEASE_MS. */
export const VIEWING_RENEW_MS = 30_000;
export const VIEWING_LEASE_MS = 75_000;

/** Issue 36 §1: the crisis page's reserved slug (a static page the footer, the chat menu and every crisis card link to). */
export const crisisPageSlug = 'crisis';
