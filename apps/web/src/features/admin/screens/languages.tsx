import { adminLanguageSchema, adminResponses, languageBodySchema, localizationBodySchema, localizationKeySchema } from '@parley/contracts';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { useAdminGet, useAdminWrite } from '../api/admin-query';
import { AdminPage } from '../components/admin-layout';
import { CrudScreen } from '../components/crud-screen';
import { DataTable } from '../components/data-table';
import { RecordForm } from '../components/record-form';

export function LanguagesScreen() {
  return (
    <CrudScreen
      title="Languages"
      noun="language"
      path="/languages"
      record={adminLanguageSchema}
      schema={languageBodySchema}
      canDelete
      defaultSort="id"
      defaults={{ code: '', title: '', is_default: false }}
      fields={[
        { name: 'code', label: 'Code', type: 'text' },
        { name: 'title', label: 'Title', type: 'text' },
        { name: 'is_default', label: 'Default language', type: 'checkbox' },
      ]}
      columns={[
        { key: 'id', label: 'ID', sortable: true },
        { key: 'code', label: 'Code', sortable: true },
        { key: 'title', label: 'Title', sortable: true },
        { key: 'is_default', label: 'Default', render: (r) => (r.is_default ? <span className="admin-badge admin-badge--success">Default</span> : null) },
      ]}
      rowActions={(r) => <Link to={paths.admin.getHref(`languages/${r.id}`)}>Translations</Link>}
    />
  );
}

/**
 * Every key of the catalogue (and any key added here) with its English source, the default language's text
 * and this language's; the missing keys of every language at the top. The server refuses broken ICU messages.
 */
export function LocalizationsScreen() {
  const id = Number(useParams().id);
  const [missing, setMissing] = useState('');
  const [editing, setEditing] = useState<{ key: string; value: string } | null>(null);
  const info = useAdminGet(`/languages/${id}/localizations`, adminResponses.localizationKeys, { per_page: 1 });
  const write = useAdminWrite('put', adminResponses.localizationSaved);
  const title = info.data ? `Translations: ${info.data.language.title} (${info.data.language.code})` : 'Translations';
  return (
    <AdminPage title={title} actions={<Button onClick={() => setEditing({ key: '', value: '' })}>New key</Button>}>
      {info.data && (
        <p className="admin-muted">
          {info.data.missing_count} keys lack a translation in this language. Missing keys per language:{' '}
          {info.data.languages.map((l, i) => (
            <span key={l.id}>
              {i > 0 && ', '}
              <Link to={paths.admin.getHref(`languages/${l.id}`)}>{l.title}</Link>: {l.missing_count}
            </span>
          ))}
          . Texts with values use ICU MessageFormat: keep the {'{names}'} of the English text.
        </p>
      )}
      <DataTable
        caption="Translation keys"
        path={`/languages/${id}/localizations`}
        row={localizationKeySchema}
        filters={{ missing: missing || undefined }}
        defaultOrder="asc"
        perPage={50}
        toolbar={
          <SelectField label="Show" value={missing} onChange={(e) => setMissing(e.target.value)}>
            <option value="">All keys</option>
            <option value="yes">Missing only</option>
            <option value="no">Translated only</option>
          </SelectField>
        }
        columns={[
          { key: 'key', label: 'Key', render: (r) => <code>{r.key}</code> },
          { key: 'source', label: 'English source', render: (r) => r.source ?? '' },
          { key: 'default_value', label: 'Default language' },
          {
            key: 'value',
            label: 'This language',
            render: (r) => (r.is_missing ? <span className="admin-badge admin-badge--danger">Missing</span> : (r.value ?? '')),
          },
        ]}
        actions={(r) => (
          <Button variant="secondary" size="sm" onClick={() => setEditing({ key: r.key, value: r.value ?? r.default_value ?? '' })}>
            Edit
          </Button>
        )}
      />
      <Modal open={editing !== null} onClose={() => setEditing(null)} title={editing?.key ? `Edit ${editing.key}` : 'New key'} size="lg">
        {editing && (
          <RecordForm
            schema={localizationBodySchema}
            defaultValues={editing}
            fields={[
              { name: 'key', label: 'Key', type: 'text' },
              { name: 'value', label: 'Text', type: 'textarea' },
            ]}
            onSubmit={async (values) => {
              await write.mutateAsync({ path: `/languages/${id}/localizations`, body: values });
              toast.success('Saved');
              setEditing(null);
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
    </AdminPage>
  );
}
