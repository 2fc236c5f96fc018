import { adminResponses, adminUserSchema, balanceAdjustmentBodySchema, ledgerEntrySchema, type AdminUser } from '@parley/contracts';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useAdminGet, useAdminWrite } from '../api/admin-query';
import { AdminPage } from '../components/admin-layout';
import { ConfirmButton } from '../components/confirm-button';
import { cell, DataTable } from '../components/data-table';
import { RecordForm } from '../components/record-form';

const status = (row: AdminUser) =>
  row.is_banned ? <span className="admin-badge admin-badge--danger">Banned</span> : <span className="admin-badge admin-badge--success">Active</span>;

export function UsersScreen() {
  const [role, setRole] = useState('');
  const [state, setState] = useState('');
  return (
    <AdminPage title="Users">
      <DataTable
        caption="Users"
        path="/users"
        row={adminUserSchema}
        defaultSort="id"
        filters={{ role: role || undefined, status: state || undefined }}
        toolbar={
          <>
            <SelectField label="Role" value={role} onChange={(e) => setRole(e.target.value)}>
              <option value="">Any role</option>
              <option value="user">User</option>
              <option value="admin">Admin</option>
            </SelectField>
            <SelectField label="Status" value={state} onChange={(e) => setState(e.target.value)}>
              <option value="">Any status</option>
              <option value="active">Active</option>
              <option value="banned">Banned</option>
            </SelectField>
          </>
        }
        columns={[
          { key: 'id', label: 'ID', sortable: true },
          { key: 'email', label: 'Email', sortable: true, render: (r) => <Link to={paths.admin.getHref(`users/${r.id}`)}>{r.email}</Link> },
          { key: 'name', label: 'Name', sortable: true, render: (r) => `${r.name} ${r.surname ?? ''}` },
          { key: 'role', label: 'Role' },
          { key: 'balance', label: 'Coins', sortable: true },
          { key: 'is_contributor', label: 'Contributor' },
          { key: 'banned_at', label: 'Status', sortable: true, render: status },
          { key: 'created_at', label: 'Joined', sortable: true },
        ]}
        actions={(r) => <Link to={paths.admin.getHref(`users/${r.id}`)}>View</Link>}
      />
    </AdminPage>
  );
}

const newRequestId = () => `adm-${crypto.randomUUID().replace(/-/g, '')}`;

export function UserScreen() {
  const id = Number(useParams().id);
  const { data: user, isLoading, error } = useAdminGet(`/users/${id}`, adminResponses.user);
  const actions = {
    ban: useAdminWrite('post', adminResponses.userBanned),
    unban: useAdminWrite('post', adminResponses.userUnbanned),
    'two-factor/reset': useAdminWrite('post', adminResponses.twoFactorReset),
  };
  const adjust = useAdminWrite('post', adminResponses.balanceAdjusted);
  // One id per form submission: a double click or a retry posts once.
  const [requestId, setRequestId] = useState(newRequestId);
  if (isLoading) return <PageSpinner />;
  if (error || !user) return <p className="alert alert--error">{errorMessage(error)}</p>;

  const act = (path: keyof typeof actions, message: string) =>
    actions[path].mutateAsync({ path: `/users/${id}/${path}`, body: {} }).then(
      () => toast.success(message),
      (e: unknown) => toast.error(errorMessage(e)),
    );

  return (
    <AdminPage
      title={user.email}
      actions={
        <>
          {user.two_factor_enabled && (
            <ConfirmButton
              label="Reset two-factor"
              size="md"
              title={`Reset two-factor sign-in of ${user.email}?`}
              onConfirm={() => act('two-factor/reset', 'Two-factor sign-in reset')}
            >
              <p>
                Only after checking who is asking: the account loses its authenticator and recovery codes, is signed out everywhere, and must enrol again before
                payouts or the admin console.
              </p>
            </ConfirmButton>
          )}
          {user.is_banned ? (
            <Button variant="secondary" onClick={() => void act('unban', 'User unbanned')}>
              Unban
            </Button>
          ) : (
            <ConfirmButton label="Ban" size="md" title={`Ban ${user.email}?`} onConfirm={() => act('ban', 'User banned')}>
              <p>The user is signed out everywhere at once and cannot sign in until unbanned.</p>
            </ConfirmButton>
          )}
        </>
      }
    >
      <div className="admin-panel">
        <dl className="admin-kv">
          {Object.entries(user).map(([k, v]) => (
            <div key={k} style={{ display: 'contents' }}>
              <dt>{k}</dt>
              <dd>{cell(v)}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="admin-panel">
        <h2>Adjust balance</h2>
        <RecordForm
          key={requestId}
          schema={balanceAdjustmentBodySchema}
          defaultValues={{ amount: 0, reason: '', promotional: false, request_id: requestId }}
          submitLabel="Adjust balance"
          fields={[
            { name: 'amount', label: 'Coins (negative to debit)', type: 'number' },
            { name: 'reason', label: 'Reason', type: 'text' },
            { name: 'promotional', label: 'Promotional (spendable, never paid out as earnings)', type: 'checkbox' },
          ]}
          onSubmit={async (values) => {
            await adjust.mutateAsync({ path: `/users/${id}/balance`, body: { ...values, request_id: requestId } });
            toast.success('Balance adjusted');
            setRequestId(newRequestId());
          }}
        />
      </div>
      <h2>Ledger</h2>
      <DataTable
        caption="Ledger entries"
        path={`/users/${id}/ledger`}
        row={ledgerEntrySchema}
        searchable={false}
        columns={[
          { key: 'id', label: 'ID' },
          { key: 'created_at', label: 'When' },
          { key: 'kind', label: 'Kind' },
          { key: 'amount', label: 'Amount' },
          { key: 'promo_amount', label: 'Of it promotional' },
          { key: 'balance_after', label: 'Balance after' },
          { key: 'note', label: 'Note' },
          { key: 'reference_type', label: 'Reference', render: (r) => (r.reference_type ? `${r.reference_type} ${r.reference_id ?? ''}` : '—') },
        ]}
      />
    </AdminPage>
  );
}
