import { type Kysely, type Transaction } from 'kysely';
import { type AuditLogTable } from '../modules/audit/audit.table.js';
import { type EmailTokensTable, type SessionsTable } from '../modules/auth/auth.table.js';
import { type BundlesTable } from '../modules/bundles/bundles.table.js';
import { type DepositsTable } from '../modules/deposits/deposits.table.js';
import { type LedgerEntriesTable, type PromoSharesTable } from '../modules/ledger/ledger.table.js';
import { type MailsTable } from '../modules/mail/mail.table.js';
import { type GatewayPaymentsTable, type PaymentEventsTable, type SandboxRefundsTable, type SandboxSessionsTable } from '../modules/payments/payments.table.js';
import { type DisputesTable } from '../modules/disputes/disputes.table.js';
import { type ReceiptCountersTable, type ReceiptsTable } from '../modules/receipts/receipts.table.js';
import { type GatewayRefundsTable, type RefundsTable } from '../modules/refunds/refunds.table.js';
import {
  type ContentTranslationsTable,
  type CountriesTable,
  type CurrenciesTable,
  type FaqsTable,
  type LanguagesTable,
  type LocalizationsTable,
  type SettingsTable,
  type SocialLinksTable,
  type StaticPagesTable,
} from '../modules/reference/reference.table.js';
import { type RoomsTable } from '../modules/rooms/rooms.table.js';
import { type BlocksTable, type TermsAcceptancesTable, type TopicParticipantsTable, type TopicsTable } from '../modules/topics/topics.table.js';
import { type AttachmentsTable, type HeldMessagesTable, type MessagesTable } from '../modules/messages/messages.table.js';
import { type ModerationRefundsTable, type ReportsTable } from '../modules/reports/reports.table.js';
import { type EquippedSkinsTable, type OrdersTable, type ProductsTable, type UserSkinsTable } from '../modules/store/store.table.js';
import { type UsersTable } from '../modules/users/users.table.js';
import { type RecoveryCodesTable } from '../modules/auth/two-factor.table.js';
import { type PasskeyChallengesTable, type PasskeysTable } from '../modules/auth/passkeys.table.js';
import { type ComplaintsTable, type DecisionStatementsTable } from '../modules/decisions/decisions.table.js';
import { type CrisisConfigTable, type CrisisFlagsTable } from '../modules/crisis/crisis.table.js';
import { type ContentRulesTable } from '../modules/moderation/moderation.table.js';
import { type CompanionPersonasTable, type CompanionRepliesTable, type LlmConnectionTable } from '../modules/companion/companion.table.js';
import { type ContributorApplicationsTable } from '../modules/contributors/contributors.table.js';
import { type PayoutsTable } from '../modules/payouts/payouts.table.js';
import { type NotificationsTable } from '../modules/notifications/notifications.table.js';
import { type JobsTable } from '../modules/jobs/jobs.table.js';
import {
  type ConversationMutesTable,
  type ConversationNewsTable,
  type NotificationSettingsTable,
  type PushCursorsTable,
  type PushSubscriptionsTable,
  type TopicViewersTable,
} from '../modules/push/push.table.js';
import { type InterlocutorPresenceTable, type QueueAlertsTable, type TopicMatchesTable } from '../modules/topics/oncall.table.js';
import { type SavedRepliesTable } from '../modules/saved-replies/saved-replies.table.js';
import { type ClusterLeasesTable } from '../modules/metrics/metrics.table.js';
import { type InstancesTable, type SystemMarksTable } from '../modules/admin/system.table.js';
import { type PairingRatingsTable, type RatingAggregatesTable } from '../modules/ratings/ratings.table.js';
import { type TipsTable } from '../modules/tips/tips.table.js';

/** Every table, composed from the features' `*.table.ts` files. */
export interface Database {
  users: UsersTable;
  content_translations: ContentTranslationsTable;
  sessions: SessionsTable;
  email_tokens: EmailTokensTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  decision_statements: DecisionStatementsTable;
  complaints: ComplaintsTable;
  crisis_config: CrisisConfigTable;
  crisis_flags: CrisisFlagsTable;
  content_rules: ContentRulesTable;
  held_messages: HeldMessagesTable;
  mails: MailsTable;
  settings: SettingsTable;
  languages: LanguagesTable;
  localizations: LocalizationsTable;
  currencies: CurrenciesTable;
  countries: CountriesTable;
  static_pages: StaticPagesTable;
  faqs: FaqsTable;
  social_links: SocialLinksTable;
  rooms: RoomsTable;
  topics: TopicsTable;
  topic_participants: TopicParticipantsTable;
  blocks: BlocksTable;
  messages: MessagesTable;
  attachments: AttachmentsTable;
  terms_acceptances: TermsAcceptancesTable;
  reports: ReportsTable;
  moderation_refunds: ModerationRefundsTable;
  pairing_ratings: PairingRatingsTable;
  rating_aggregates: RatingAggregatesTable;
  tips: TipsTable;
  bundles: BundlesTable;
  deposits: DepositsTable;
  sandbox_sessions: SandboxSessionsTable;
  payment_events: PaymentEventsTable;
  sandbox_refunds: SandboxRefundsTable;
  gateway_payments: GatewayPaymentsTable;
  refunds: RefundsTable;
  gateway_refunds: GatewayRefundsTable;
  disputes: DisputesTable;
  receipt_counters: ReceiptCountersTable;
  receipts: ReceiptsTable;
  ledger_entries: LedgerEntriesTable;
  promo_shares: PromoSharesTable;
  audit_log: AuditLogTable;
  products: ProductsTable;
  orders: OrdersTable;
  user_skins: UserSkinsTable;
  equipped_skins: EquippedSkinsTable;
  companion_replies: CompanionRepliesTable;
  companion_personas: CompanionPersonasTable;
  llm_connection: LlmConnectionTable;
  contributor_applications: ContributorApplicationsTable;
  payouts: PayoutsTable;
  notifications: NotificationsTable;
  jobs: JobsTable;
  cluster_leases: ClusterLeasesTable;
  instances: InstancesTable;
  system_marks: SystemMarksTable;
  push_subscriptions: PushSubscriptionsTable;
  notification_settings: NotificationSettingsTable;
  conversation_mutes: ConversationMutesTable;
  topic_viewers: TopicViewersTable;
  conversation_news: ConversationNewsTable;
  push_cursors: PushCursorsTable;
  interlocutor_presence: InterlocutorPresenceTable;
  queue_alerts: QueueAlertsTable;
  topic_matches: TopicMatchesTable;
  saved_replies: SavedRepliesTable;
}

export type Db = Kysely<Database>;
/** A repository takes either the database or an open transaction. */
export type DbOrTrx = Kysely<Database> | Transaction<Database>;
