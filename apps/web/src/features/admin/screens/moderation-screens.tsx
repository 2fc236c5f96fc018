import { englishText, type TextKey } from '@parley/contracts/i18n';
import {
  adminApplicationSchema,
  adminCrisisFlagHandledResponseSchema,
  adminCrisisFlagsResponseSchema,
  adminPayoutRowSchema,
  adminReportRowSchema,
  adminResponses,
  adminTopicRowSchema,
  payoutMethods,
  type AdminPayoutRow,
} from '@parley/contracts';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useAdminGet, useAdminWrite } from '../api/admin-query';
import { AdminPage } from '../components/admin-layout';
import { ConfirmButton } from '../components/confirm-button';
import { DataTable, shortTime } from '../components/data-table';

const badge = (value: unknown) => {
  const v = String(value);
  const tone = ['open', 'pending', 'approved'].includes(v) ? '' : ['resolved', 'paid', 'closed'].includes(v) ? ' admin-badge--success' : ' admin-badge--danger';
  return <span className={`admin-badge${tone}`}>{v}</span>;
};

function StatusFilter({ value, onChange, options }: { value: string; onChange: (v: string) => void; options: string[] }) {
  return (
    <SelectField label="Status" value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">Any status</option>
      {options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </SelectField>
  );
}

/** A moderation action whose answer (parsed with its schema) the screen only confirms with a toast. */
function useAction(schema: Parameters<typeof useAdminWrite>[1]) {
  const write = useAdminWrite('post', schema);
  return (path: string, message: string, body: object = {}) =>
    write.mutateAsync({ path, body }).then(
      () => toast.success(message),
      (e: unknown) => toast.error(errorMessage(e)),
    );
}

function TopicView({ id, onClose }: { id: number; onClose: () => void }) {
  const { data } = useAdminGet(`/topics/${id}`, adminResponses.topic);
  return (
    <Modal open onClose={onClose} title={data ? data.title : 'Topic'} size="lg">
      {data && (
        <>
          <h3>Participants</h3>
          <ul>
            {data.participants.map((p) => (
              <li key={p.id}>
                <Link to={paths.admin.getHref(`users/${p.id}`)}>{p.email}</Link> {p.left_at ? '(left)' : ''}
              </li>
            ))}
          </ul>
          <h3>Last messages</h3>
          <ul className="admin-snapshot">
            {data.messages.map((m) => (
              <li key={m.id}>
                <strong>{m.sender_name ?? m.sender_kind}:</strong> {m.content}
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}

export function TopicsScreen() {
  const [status, setStatus] = useState('open');
  const [viewing, setViewing] = useState<number | null>(null);
  const act = useAction(adminResponses.topicClosed);
  return (
    <AdminPage title="Topics">
      <DataTable
        caption="Topics"
        path="/topics"
        row={adminTopicRowSchema}
        defaultSort="id"
        filters={{ status: status || undefined }}
        toolbar={<StatusFilter value={status} onChange={setStatus} options={['open', 'closed']} />}
        columns={[
          { key: 'id', label: 'ID', sortable: true },
          { key: 'title', label: 'Title', sortable: true },
          { key: 'room_title', label: 'Room' },
          { key: 'owner_email', label: 'Owner' },
          { key: 'chat_mode', label: 'Mode' },
          { key: 'participants_count', label: 'In chat', sortable: true },
          { key: 'is_closed', label: 'Status', render: (r) => badge(r.is_closed ? 'closed' : 'open') },
          { key: 'updated_at', label: 'Updated', sortable: true },
        ]}
        actions={(r) => (
          <>
            <Button variant="secondary" size="sm" onClick={() => setViewing(r.id)}>
              View
            </Button>
            {!r.is_closed && <ConfirmButton label="Close topic" title={`Close “${r.title}”?`} onConfirm={() => act(`/topics/${r.id}/close`, 'Topic closed')} />}
          </>
        )}
      />
      {viewing !== null && <TopicView id={viewing} onClose={() => setViewing(null)} />}
    </AdminPage>
  );
}

type SnapshotMessage = {
  id?: number;
  sender?: { name?: string } | string | null;
  sender_kind?: string;
  content?: string;
  attachments?: { original_filename?: string; type?: string }[];
};
const senderOf = (m: SnapshotMessage) => (typeof m.sender === 'string' ? m.sender : (m.sender?.name ?? m.sender_kind ?? '?'));

/** One message of the evidence: its text and, by name, every file it carried (an attachment-only message is not a blank line). */
function SnapshotLine({ message }: { message: SnapshotMessage }) {
  const files = (message.attachments ?? []).map((a) => a.original_filename ?? a.type ?? 'file');
  return (
    <li>
      <strong>{senderOf(message)}:</strong> {message.content}
      {files.map((name, i) => (
        <span key={i} className="admin-snapshot__file">
          {' '}
          [file: {name}]
        </span>
      ))}
    </li>
  );
}

/** A report decision: asks for the reason, which both sides receive as the statement of reasons. */
function DecideButton({
  label,
  title,
  variant,
  children,
  onDecide,
}: {
  label: string;
  title: string;
  variant?: 'secondary';
  children: ReactNode;
  onDecide: (note: string | undefined) => Promise<unknown>;
}) {
  const [reason, setReason] = useState('');
  return (
    <ConfirmButton label={label} title={title} variant={variant} onConfirm={() => onDecide(reason.trim() || undefined)}>
      {children}
      <Textarea label="Reason (sent to the people concerned)" limit={255} rows={3} value={reason} onChange={(event) => setReason(event.target.value)} />
    </ConfirmButton>
  );
}

/** The reporter's reason as the reporter saw it (the console is in English). */
const reportReasonKeys: Record<string, TextKey> = {
  spam: 'chatSafety.reasonSpam',
  harassment: 'chatSafety.reasonHarassment',
  sexual: 'chatSafety.reasonSexual',
  scam: 'chatSafety.reasonScam',
  minor: 'chatSafety.reasonMinor',
  other: 'chatSafety.reasonOther',
};
const reportReasonLabel = (code: string) => (reportReasonKeys[code] ? englishText(reportReasonKeys[code]) : code);

export function ReportsScreen() {
  const [status, setStatus] = useState('open');
  const act = useAction(adminResponses.reportDecided);
  const decide = (id: number, action: string, message: string, note: string | undefined) => act(`/reports/${id}/decide`, message, { action, note });
  return (
    <AdminPage title="Reports">
      <CrisisQueue />
      <DataTable
        caption="Reports"
        path="/reports"
        row={adminReportRowSchema}
        defaultSort="id"
        filters={{ status: status || undefined }}
        toolbar={<StatusFilter value={status} onChange={setStatus} options={['open', 'resolved', 'dismissed']} />}
        columns={[
          { key: 'id', label: 'ID', sortable: true },
          {
            key: 'topic_title',
            label: 'Topic',
            render: (r) => (
              <>
                {r.topic_title}
                {r.topic_is_closed ? ' (closed)' : ''}
                <div className="admin-muted">{r.type === 'user' ? 'user report' : 'topic report'}</div>
                {/* The reporter's reason and own words (issue 33 #12). */}
                <div className="admin-report-reason">Reason: {r.reason ? reportReasonLabel(r.reason) : '—'}</div>
                {r.details ? <div className="admin-report-details">{r.details}</div> : null}
              </>
            ),
          },
          {
            key: 'reporter_email',
            label: 'People',
            render: (r) => (
              <dl className="admin-people">
                <dt>Reporter</dt>
                <dd>{r.reporter_email}</dd>
                <dt>Reported</dt>
                <dd>{r.reported_email ? `${r.reported_email}${r.reported_banned_at ? ' (banned)' : ''}` : '—'}</dd>
              </dl>
            ),
          },
          {
            key: 'snapshot',
            label: 'Messages at report time',
            render: (r) =>
              !Array.isArray(r.snapshot) || r.snapshot.length === 0 ? (
                <span className="admin-muted">No messages</span>
              ) : (
                <ul className="admin-snapshot">
                  {(r.snapshot as SnapshotMessage[]).map((m, i) => (
                    <SnapshotLine key={m.id ?? i} message={m} />
                  ))}
                </ul>
              ),
          },
          {
            key: 'status',
            label: 'Status',
            sortable: true,
            render: (r) => (
              <>
                {badge(r.status)}
                <div className="admin-muted">{shortTime(r.created_at)}</div>
              </>
            ),
          },
        ]}
        actions={(r) =>
          r.status === 'open' ? (
            <>
              <DecideButton
                label="Dismiss"
                title="Dismiss the report?"
                variant="secondary"
                onDecide={(note) => decide(r.id, 'dismiss', 'Report dismissed', note)}
              >
                <p>The reporter is told that no rule was broken.</p>
              </DecideButton>
              <DecideButton label="Close topic" title="Close the reported topic?" onDecide={(note) => decide(r.id, 'close_topic', 'Topic closed', note)}>
                <p>The reporter gets back the coins they spent with the reported person; the interlocutor's earnings from them are reversed.</p>
              </DecideButton>
              <DecideButton label="Ban" title="Ban the reported user?" onDecide={(note) => decide(r.id, 'ban_user', 'User banned', note)}>
                <p>
                  {r.reported_email ? `${r.reported_email} is signed out everywhere at once.` : 'The topic owner is signed out everywhere at once.'} The
                  reporter gets back the coins they spent with them.
                </p>
              </DecideButton>
            </>
          ) : null
        }
      />
    </AdminPage>
  );
}

/**
 * Issue 36 §1: conversations where someone wrote something that suggests a risk of self-harm, at the top of the
 * queue and marked. No message text here: "View" opens the topic as the Topics screen shows it.
 */
function CrisisQueue() {
  const { data } = useAdminGet('/crisis/flags', adminCrisisFlagsResponseSchema, { status: 'open' });
  const act = useAction(adminCrisisFlagHandledResponseSchema);
  const [viewing, setViewing] = useState<number | null>(null);
  const items = data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="admin-panel admin-crisis-queue" aria-labelledby="crisis-queue-title" data-testid="crisis-queue">
      <h2 id="crisis-queue-title">Crisis: possible risk of self-harm ({items.length})</h2>
      <p className="admin-muted">
        A message in these conversations suggested a risk of self-harm. The writer was shown helplines; interlocutors the protocol. Look first.
      </p>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Topic</th>
            <th scope="col">Flagged messages</th>
            <th scope="col">Latest</th>
            <th scope="col">Recognised by</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {items.map((flag) => (
            <tr key={flag.id}>
              <td>
                <span className="admin-badge admin-badge--danger">Crisis</span> #{flag.topic_id} {flag.topic_title}
              </td>
              <td>{flag.messages_count}</td>
              <td>{shortTime(flag.last_at)}</td>
              <td>{flag.source === 'endpoint' ? 'moderation endpoint' : 'built-in recogniser'}</td>
              <td>
                <Button size="sm" variant="secondary" onClick={() => setViewing(flag.topic_id)}>
                  View
                </Button>{' '}
                <Button size="sm" onClick={() => void act(`/crisis/flags/${flag.id}/handle`, 'Marked handled')}>
                  Mark handled
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {viewing !== null && <TopicView id={viewing} onClose={() => setViewing(null)} />}
    </section>
  );
}

/** Rejecting an application needs a reason: the applicant gets it by notice and mail, in their language. */
function RejectApplicationButton({ nickname, onReject }: { nickname: string; onReject: (reason: string) => Promise<unknown> }) {
  const [reason, setReason] = useState('');
  return (
    <ConfirmButton label="Reject" title={`Reject ${nickname}?`} canConfirm={reason.trim().length > 0} onConfirm={() => onReject(reason.trim())}>
      <p>The applicant is told by notice and mail, with this reason, and may apply again.</p>
      <Textarea label="Reason (required, sent to the applicant)" limit={500} rows={3} value={reason} onChange={(event) => setReason(event.target.value)} />
    </ConfirmButton>
  );
}

export function ApplicationsScreen() {
  const [status, setStatus] = useState('pending');
  const act = useAction(adminResponses.application);
  return (
    <AdminPage title="Interlocutor applications">
      <DataTable
        caption="Applications"
        path="/applications"
        row={adminApplicationSchema}
        searchable={false}
        filters={{ status: status || undefined }}
        toolbar={<StatusFilter value={status} onChange={setStatus} options={['pending', 'approved', 'rejected']} />}
        columns={[
          { key: 'id', label: 'ID' },
          { key: 'nickname', label: 'Nickname' },
          { key: 'user_email', label: 'Account', render: (r) => <Link to={paths.admin.getHref(`users/${r.user_id}`)}>{r.user_email}</Link> },
          { key: 'experience', label: 'Experience' },
          { key: 'interests', label: 'Interests' },
          { key: 'help_description', label: 'How they help' },
          { key: 'status', label: 'Status', render: (r) => badge(r.status) },
          { key: 'created_at', label: 'Sent' },
        ]}
        actions={(r) =>
          r.status === 'pending' ? (
            <>
              <Button size="sm" onClick={() => void act(`/applications/${r.id}/approve`, 'Application approved')}>
                Approve
              </Button>
              <RejectApplicationButton
                nickname={r.nickname}
                onReject={(reason) => act(`/applications/${r.id}/reject`, 'Application rejected; the applicant was told why', { reason })}
              />
            </>
          ) : null
        }
      />
    </AdminPage>
  );
}

function PayoutDetails({ id, onClose }: { id: number; onClose: () => void }) {
  const { data, error } = useAdminGet(`/payouts/${id}/details`, adminResponses.payoutDetails);
  return (
    <Modal open onClose={onClose} title={`Payout ${id}: payment details`}>
      {error && <p className="alert alert--error">{errorMessage(error)}</p>}
      {data && (
        <dl className="admin-kv">
          {Object.entries({
            name: `${data.first_name} ${data.last_name}`,
            address: `${data.address}, ${data.zip} ${data.city}`,
            ...data.details,
          }).map(([k, v]) => (
            <div key={k} style={{ display: 'contents' }}>
              <dt>{k}</dt>
              <dd className="admin-code">{String(v)}</dd>
            </div>
          ))}
        </dl>
      )}
    </Modal>
  );
}

/** The server's second-look flag on a payout (payouts-admin.service#assessPayout), with its short reason. */
function PayoutRiskCell({ risk: r }: { risk: AdminPayoutRow['risk'] }) {
  if (!r.flag) return <span className="muted">—</span>;
  const reason =
    r.flag === 'fresh_accounts'
      ? `${r.fresh_accounts_percent} % of earnings from accounts created in the ${r.fresh_days} days before the request`
      : `${r.shared_address_percent} % of earnings from accounts sharing an address with the payee`;
  return (
    <span className="admin-badge admin-badge--danger" title={reason} data-testid="payout-risk">
      Check: {reason}
    </span>
  );
}
/** '€1.00', not '1 EUR': the amount in its currency's format (the admin console is English). */
export const payoutAmount = (amount: number, currency: string) => {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
};

export function PayoutsScreen() {
  // All statuses by default: a payout stays in view from Approve to Mark paid.
  const [status, setStatus] = useState('');
  const [details, setDetails] = useState<number | null>(null);
  const act = useAction(adminResponses.payout);
  return (
    <AdminPage title="Payouts">
      <DataTable
        caption="Payouts"
        path="/payouts"
        row={adminPayoutRowSchema}
        searchable={false}
        filters={{ status: status || undefined }}
        toolbar={<StatusFilter value={status} onChange={setStatus} options={['pending', 'approved', 'paid', 'rejected']} />}
        columns={[
          { key: 'id', label: 'ID' },
          { key: 'user_email', label: 'Contributor' },
          { key: 'amount', label: 'Amount', render: (r) => payoutAmount(r.amount, r.currency) },
          { key: 'coins', label: 'Coins' },
          { key: 'method', label: 'Method', render: (r) => payoutMethods.find((m) => m.id === r.method)?.name ?? r.method },
          { key: 'destination', label: 'Destination' },
          { key: 'status', label: 'Status', render: (r) => badge(r.status) },
          { key: 'created_at', label: 'Requested' },
          { key: 'risk', label: 'Flag', render: (r) => <PayoutRiskCell risk={r.risk} /> },
        ]}
        actions={(r) => (
          <>
            <Button variant="secondary" size="sm" onClick={() => setDetails(r.id)}>
              Details
            </Button>
            {r.status === 'pending' && (
              <Button size="sm" onClick={() => void act(`/payouts/${r.id}/approve`, 'Payout approved')}>
                Approve
              </Button>
            )}
            {r.status === 'approved' && (
              <ConfirmButton
                label="Mark paid"
                variant="primary"
                title="Mark this payout paid?"
                onConfirm={() => act(`/payouts/${r.id}/mark-paid`, 'Payout marked paid')}
              >
                <p>Confirm that the money has been sent to the contributor.</p>
              </ConfirmButton>
            )}
            {(r.status === 'pending' || r.status === 'approved') && (
              <ConfirmButton label="Reject" title="Reject this payout?" onConfirm={() => act(`/payouts/${r.id}/reject`, 'Payout rejected, coins returned')}>
                <p>The held coins go back to the contributor's balance.</p>
              </ConfirmButton>
            )}
          </>
        )}
      />
      {details !== null && <PayoutDetails id={details} onClose={() => setDetails(null)} />}
    </AdminPage>
  );
}
