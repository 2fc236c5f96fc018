import { adminResponses, auditEntrySchema } from '@parley/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { type Query } from '../../../lib/api-client';
import { useAdminGet } from '../api/admin-query';
import { AdminPage } from '../components/admin-layout';
import { DataTable } from '../components/data-table';

const json = (value: unknown) => (value === null || value === undefined ? '—' : <span className="admin-code">{JSON.stringify(value)}</span>);

export function AuditScreen() {
  const actions = useAdminGet('/audit/actions', adminResponses.auditActions);
  const [filters, setFilters] = useState<Query>({});
  const [draft, setDraft] = useState({ action: '', actor_id: '', subject_type: '', subject_id: '', from: '', to: '' });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim() || undefined])));
  };
  const input = (name: keyof typeof draft, label: string, type = 'text') => (
    <label className="field">
      <span className="field__label">{label}</span>
      <input className="input" type={type} value={draft[name]} onChange={(e) => setDraft({ ...draft, [name]: e.target.value })} />
    </label>
  );
  return (
    <AdminPage title="Audit log">
      <form className="admin-panel admin-form" onSubmit={apply} aria-label="Audit filters">
        <div className="admin-form__grid">
          <SelectField label="Action" value={draft.action} onChange={(e) => setDraft({ ...draft, action: e.target.value })}>
            <option value="">Any action</option>
            {actions.data?.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </SelectField>
          {input('actor_id', 'Actor id', 'number')}
          {input('subject_type', 'Subject type')}
          {input('subject_id', 'Subject id')}
          {input('from', 'From', 'date')}
          {input('to', 'To', 'date')}
        </div>
        <div className="admin-form__actions">
          <Button type="submit">Filter</Button>
        </div>
      </form>
      <DataTable
        caption="Audit log"
        path="/audit"
        row={auditEntrySchema}
        searchable={false}
        defaultSort="created_at"
        filters={filters}
        perPage={50}
        columns={[
          { key: 'created_at', label: 'When', sortable: true },
          { key: 'actor_email', label: 'Who', render: (r) => r.actor_email ?? (r.actor_id === null ? 'system / CLI' : String(r.actor_id)) },
          { key: 'action', label: 'Action', sortable: true },
          { key: 'subject_type', label: 'Subject', render: (r) => `${r.subject_type ?? ''} ${r.subject_id ?? ''}` },
          { key: 'before', label: 'Before', render: (r) => json(r.before) },
          { key: 'after', label: 'After', render: (r) => json(r.after) },
        ]}
      />
    </AdminPage>
  );
}
