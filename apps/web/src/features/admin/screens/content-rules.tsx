import {
  adminContentRuleSchema,
  adminResponses,
  contentRuleActions,
  contentRuleBodySchema,
  contentRuleKinds,
  heldForReviewSchema,
  type HeldForReview,
} from '@parley/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useAdminWrite } from '../api/admin-query';
import { AdminPage } from '../components/admin-layout';
import { CrudScreen } from '../components/crud-screen';
import { DataTable } from '../components/data-table';

const actionHint = 'refuse: not sent, nothing charged · mask: shown as *** · hold: delivered only after approval (Held messages)';

/** Content rules (issue 15): words and RE2 patterns with their action. Contact details have their own switch in Settings. */
export function ContentRulesScreen() {
  return (
    <CrudScreen
      title="Content rules"
      noun="rule"
      path="/content-rules"
      record={adminContentRuleSchema}
      schema={contentRuleBodySchema}
      canDelete
      defaults={{ kind: 'word', pattern: '', action: 'mask', is_active: true }}
      fields={[
        {
          name: 'kind',
          label: 'Kind',
          type: 'select',
          options: contentRuleKinds,
          hint: 'word: a whole word or phrase, any case · regex: an RE2 pattern, any case',
        },
        { name: 'pattern', label: 'Word, phrase or pattern', type: 'text' },
        { name: 'action', label: 'Action', type: 'select', options: contentRuleActions, hint: actionHint },
        { name: 'is_active', label: 'Active', type: 'checkbox' },
      ]}
      columns={[
        { key: 'id', label: 'ID' },
        { key: 'kind', label: 'Kind' },
        { key: 'pattern', label: 'Pattern', render: (r) => <code>{r.pattern}</code> },
        { key: 'action', label: 'Action' },
        {
          key: 'is_active',
          label: 'Active',
          render: (r) => (r.is_active ? <span className="admin-badge admin-badge--success">On</span> : <span className="admin-badge">Off</span>),
        },
        { key: 'updated_at', label: 'Updated' },
      ]}
    />
  );
}

/** Messages a 'hold' rule stopped: approve delivers them, reject gives the sender's coins back. */
export function HeldMessagesScreen() {
  const [status, setStatus] = useState<'pending' | 'approved' | 'rejected'>('pending');
  const write = useAdminWrite('post', adminResponses.heldDecided);
  const decide = (row: HeldForReview, decision: 'approve' | 'reject') =>
    write.mutateAsync({ path: `/held-messages/${row.id}/decide`, body: { decision } }).then(
      () => toast.success(decision === 'approve' ? 'Approved and delivered' : 'Rejected; the coins went back'),
      (error: unknown) => toast.error(errorMessage(error)),
    );
  return (
    <AdminPage title="Held messages">
      <DataTable
        caption="Held messages"
        path="/held-messages"
        row={heldForReviewSchema}
        filters={{ status }}
        searchable={false}
        toolbar={
          <label>
            Status{' '}
            <select value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
              <option value="pending">Pending</option>
              <option value="approved">Approved</option>
              <option value="rejected">Rejected</option>
            </select>
          </label>
        }
        columns={[
          { key: 'id', label: 'ID' },
          { key: 'topic_title', label: 'Topic' },
          { key: 'sender', label: 'Sender (chat name)' },
          { key: 'content', label: 'Message' },
          { key: 'cost', label: 'Coins' },
          { key: 'created_at', label: 'Sent' },
        ]}
        actions={(row) =>
          status === 'pending' ? (
            <>
              <Button size="sm" onClick={() => void decide(row, 'approve')} aria-label={`Approve message ${row.id}`}>
                Approve
              </Button>
              <Button size="sm" variant="danger" onClick={() => void decide(row, 'reject')} aria-label={`Reject message ${row.id}`}>
                Reject
              </Button>
            </>
          ) : null
        }
      />
    </AdminPage>
  );
}
