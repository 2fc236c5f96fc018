import { z } from 'zod';
import { envelopeSchema, idSchema } from './envelope.js';

/**
 * Statements of reasons and complaints (issue 36 §2; DSA Art. 17 and 20). Every restrictive decision about a
 * person gives them a statement: the decision, the facts, the rule relied on, whether it was automated and how
 * to contest it. A complaint contests one statement, within `complaintWindowDays`.
 */
export const decisionTypes = [
  'ban',
  'topic_closed',
  'held_rejected',
  'content_refused',
  'application_rejected',
  'earnings_reversed',
  'payout_rejected',
] as const;
export const decisionTypeSchema = z.enum(decisionTypes);
export type DecisionType = z.infer<typeof decisionTypeSchema>;

/** Six months (DSA Art. 20(1)), counted as 183 days from the statement. */
export const complaintWindowDays = 183;
/** An operator's target for deciding a complaint; the admin list sorts and flags by it. */
export const complaintDueDays = 14;

export const complaintStatuses = ['open', 'upheld', 'rejected'] as const;
export const complaintStatusSchema = z.enum(complaintStatuses);
export type ComplaintStatus = z.infer<typeof complaintStatusSchema>;

export const complaintLimits = { textMin: 10, textMax: 5000, reasonsMin: 3, reasonsMax: 2000 } as const;

export const complaintSummarySchema = z.object({
  id: z.number().int(),
  status: complaintStatusSchema,
  created_at: z.string(),
  decided_at: z.string().nullable(),
  /** The reasons given with the outcome. */
  reasons: z.string().nullable(),
});
export type ComplaintSummary = z.infer<typeof complaintSummarySchema>;

/** A statement as its addressee sees it: the web renders the decision, rule and redress texts from `type`. */
export const decisionStatementSchema = z.object({
  id: z.number().int(),
  type: decisionTypeSchema,
  /** What happened, as the decider wrote it (null: the type's standard facts). */
  facts: z.string().nullable(),
  /** A detail of the rule relied on (a content rule's number), else null. */
  ground_detail: z.string().nullable(),
  automated: z.boolean(),
  coins: z.number().int(),
  created_at: z.string(),
  contest_until: z.string(),
  can_contest: z.boolean(),
  complaint: complaintSummarySchema.nullable(),
});
export type DecisionStatement = z.infer<typeof decisionStatementSchema>;

export const decisionStatementsPayloadSchema = z.object({ statements: z.array(decisionStatementSchema) });
export type DecisionStatementsPayload = z.infer<typeof decisionStatementsPayloadSchema>;

/** The complaint's fields (multipart: `text`, then an optional `attachments[]` file). */
export const createComplaintBodySchema = z.object({
  text: z.string().trim().min(complaintLimits.textMin).max(complaintLimits.textMax),
});
export type CreateComplaintBody = z.infer<typeof createComplaintBodySchema>;

export const complaintParamsSchema = z.object({ id: idSchema });
/** The secret of a statement's contest link. */
export const contestTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/) });

/** An admin's view of a complaint: the statement it contests, its due date, whether the viewer decided it. */
export const adminComplaintSchema = z.object({
  id: z.number().int(),
  status: complaintStatusSchema,
  text: z.string(),
  has_file: z.boolean(),
  file_name: z.string().nullable(),
  created_at: z.string(),
  due_at: z.string(),
  is_overdue: z.boolean(),
  decided_at: z.string().nullable(),
  reasons: z.string().nullable(),
  user_id: z.number().int(),
  statement: z.object({
    id: z.number().int(),
    type: decisionTypeSchema,
    facts: z.string().nullable(),
    ground_detail: z.string().nullable(),
    automated: z.boolean(),
    coins: z.number().int(),
    subject_type: z.string(),
    subject_id: z.string(),
    decided_by: z.number().int().nullable(),
    created_at: z.string(),
  }),
  /** True when the viewer made the contested decision: they may not decide the complaint. */
  is_own_decision: z.boolean(),
});
export type AdminComplaint = z.infer<typeof adminComplaintSchema>;

export const adminComplaintsQuerySchema = z.object({ status: complaintStatusSchema.optional() });
export const adminComplaintsPayloadSchema = z.object({ items: z.array(adminComplaintSchema) });
export type AdminComplaintsPayload = z.infer<typeof adminComplaintsPayloadSchema>;

export const decideComplaintBodySchema = z.object({
  outcome: z.enum(['upheld', 'rejected']),
  reasons: z.string().trim().min(complaintLimits.reasonsMin).max(complaintLimits.reasonsMax),
});
export type DecideComplaintBody = z.infer<typeof decideComplaintBodySchema>;

export const decidedComplaintSchema = z.object({
  id: z.number().int(),
  status: complaintStatusSchema,
  /** What the upheld complaint undid: 'unbanned', 'coins_restored', 'message_released', or nothing. */
  undone: z.array(z.string()),
});

/**
 * The DSA transparency-database field set of one statement (docs/DSA.md lists every field, its meaning and
 * values; the export test checks each row against that list).
 */
export const dsaStatementFields = [
  'puid',
  'decision_visibility',
  'decision_monetary',
  'decision_provision',
  'decision_account',
  'account_type',
  'decision_ground',
  'incompatible_content_ground',
  'incompatible_content_explanation',
  'category',
  'content_type',
  'content_date',
  'application_date',
  'decision_facts',
  'source_type',
  'automated_detection',
  'automated_decision',
  'territorial_scope',
] as const;
export type DsaStatementField = (typeof dsaStatementFields)[number];

export const dsaStatementSchema = z.object({
  puid: z.string(),
  decision_visibility: z.array(z.string()),
  decision_monetary: z.string().nullable(),
  decision_provision: z.string().nullable(),
  decision_account: z.string().nullable(),
  account_type: z.string(),
  decision_ground: z.string(),
  incompatible_content_ground: z.string(),
  incompatible_content_explanation: z.string(),
  category: z.string(),
  content_type: z.array(z.string()),
  content_date: z.string(),
  application_date: z.string(),
  decision_facts: z.string(),
  source_type: z.string(),
  automated_detection: z.enum(['Yes', 'No']),
  automated_decision: z.string(),
  territorial_scope: z.array(z.string()),
});
export type DsaStatement = z.infer<typeof dsaStatementSchema>;

export const statementsExportQuerySchema = z.object({
  format: z.enum(['json', 'csv']).default('json'),
  from: z.string().date().optional(),
  to: z.string().date().optional(),
});
export const statementsExportPayloadSchema = z.object({ fields: z.array(z.string()), statements: z.array(dsaStatementSchema) });

// Whole answers the web parses (contracts/responses.ts convention).
export const decisionStatementsResponseSchema = envelopeSchema(decisionStatementsPayloadSchema);
export const decisionStatementResponseSchema = envelopeSchema(decisionStatementSchema);
export const complaintFiledResponseSchema = envelopeSchema(complaintSummarySchema);
export const adminComplaintsResponseSchema = envelopeSchema(adminComplaintsPayloadSchema);
export const decidedComplaintResponseSchema = envelopeSchema(decidedComplaintSchema);
