import { type Migration } from 'kysely';
import * as m0001 from './0001_core.js';
import * as m0002 from './0002_coins.js';
import * as m0003 from './0003_chat.js';
import * as m0004 from './0004_payouts.js';
import * as m0005 from './0005_store.js';
import * as m0007 from './0007_companion.js';
import * as m0008 from './0008_notifications.js';
import * as m0010 from './0010_conversation_privacy.js';
import * as m0040 from './0040_money.js';
import * as m0030 from './0030_jobs.js';
import * as m0045 from './0045_sandbox_webhook_jobs.js';
import * as m0050 from './0050_ai_companion.js';
import * as m0060 from './0060_companion_reply_jobs.js';
import * as m0070 from './0070_blocks.js';
import * as m0080 from './0080_moderation_refunds.js';
import * as m0090 from './0090_spending_limits.js';
import * as m0100 from './0100_adult_confirmation.js';
import * as m0110 from './0110_two_factor.js';
import * as m0120 from './0120_content_rules.js';
import * as m0130 from './0130_account_deletion.js';
import * as m0140 from './0140_pending_receipts.js';
import * as m0150 from './0150_user_language.js';
import * as m0170 from './0170_cluster_leases.js';
import * as m0180 from './0180_system_retention.js';
import * as m0200 from './0200_gateway_refunds.js';
import * as m0210 from './0210_promotional_coins.js';
import * as m0230 from './0230_close_and_report_reasons.js';
import * as m0260 from './0260_llm_connection.js';
import * as m0250 from './0250_spend_confirmation.js';
import * as m0240 from './0240_content_translations.js';
import * as m0241 from './0241_sandbox_session_locale.js';
import * as m0340 from './0340_passkeys.js';
import * as m0380 from './0380_oncall.js';
import * as m0390 from './0390_ratings_and_tips.js';
import * as m0370 from './0370_decision_statements.js';
import * as m0360 from './0360_crisis_care.js';
import * as m0330 from './0330_topics_index.js';
import * as m0290 from './0290_push_notifications.js';
import * as m0270 from './0270_companion_controls.js';
import * as m0410 from './0410_order_billing_snapshot.js';

/** Every migration, in order. Append only; never edit a landed one. */
export const migrations: Record<string, Migration> = {
  '0001_core': m0001,
  '0002_coins': m0002,
  '0003_chat': m0003,
  '0004_payouts': m0004,
  '0005_store': m0005,
  '0007_companion': m0007,
  '0008_notifications': m0008,
  '0010_conversation_privacy': m0010,
  '0040_money': m0040,
  '0030_jobs': m0030,
  '0045_sandbox_webhook_jobs': m0045,
  '0050_ai_companion': m0050,
  '0060_companion_reply_jobs': m0060,
  '0070_blocks': m0070,
  '0080_moderation_refunds': m0080,
  '0090_spending_limits': m0090,
  '0100_adult_confirmation': m0100,
  '0110_two_factor': m0110,
  '0120_content_rules': m0120,
  '0130_account_deletion': m0130,
  '0140_pending_receipts': m0140,
  '0150_user_language': m0150,
  '0170_cluster_leases': m0170,
  '0180_system_retention': m0180,
  '0200_gateway_refunds': m0200,
  '0210_promotional_coins': m0210,
  '0230_close_and_report_reasons': m0230,
  '0260_llm_connection': m0260,
  '0250_spend_confirmation': m0250,
  '0240_content_translations': m0240,
  '0241_sandbox_session_locale': m0241,
  '0340_passkeys': m0340,
  '0370_decision_statements': m0370,
  '0360_crisis_care': m0360,
  '0330_topics_index': m0330,
  '0290_push_notifications': m0290,
  '0270_companion_controls': m0270,
  '0380_oncall': m0380,
  '0390_ratings_and_tips': m0390,
  '0410_order_billing_snapshot': m0410,
};
