import { adminResponses, type ContentTranslationField as Field } from '@parley/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast';
import { useI18n } from '../../../lib/i18n';
import { useAdminGet, useAdminWrite } from '../api/admin-query';
import { AdminPage } from '../components/admin-layout';

const tables = [
  ['faqs', 'FAQ'],
  ['static_pages', 'Static pages'],
  ['bundles', 'Bundles'],
  ['products', 'Products'],
  ['rooms', 'Rooms'],
] as const;

/**
 * Issue 33: the text of each FAQ entry, page, bundle, product and room in another language. A field left
 * empty shows the row's own text (the default language's). Pages and FAQ answers are HTML.
 */
export function ContentTranslationsScreen() {
  const { languages } = useI18n();
  const others = languages.filter((l) => l.default !== 1);
  const [table, setTable] = useState<string>('faqs');
  const [languageId, setLanguageId] = useState<number | undefined>();
  const language = languageId ?? others[0]?.id;
  const list = useAdminGet(language ? '/content-translations' : null, adminResponses.contentTranslations, { table, language_id: language });
  const write = useAdminWrite('put', adminResponses.contentTranslationSaved);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const keyOf = (f: Field) => `${table}:${language}:${f.row_id}:${f.field}`;
  const save = async (f: Field) => {
    const text = drafts[keyOf(f)] ?? f.text;
    try {
      await write.mutateAsync({ path: '/content-translations', body: { table, row_id: f.row_id, language_id: language, field: f.field, text } });
      toast.success('Saved');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Not saved');
    }
  };
  return (
    <AdminPage title="Content translations">
      <p className="admin-muted">
        The FAQ, pages, bundles, products and rooms in another language. An empty text shows the row&apos;s own text. After editing a row, translate the change
        here too.
      </p>
      <div className="admin-table">
        <div className="admin-table__toolbar">
          <SelectField label="Content" value={table} onChange={(e) => setTable(e.target.value)}>
            {tables.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <SelectField label="Language" value={language ?? ''} onChange={(e) => setLanguageId(Number(e.target.value))}>
            {others.map((l) => (
              <option key={l.id} value={l.id}>
                {l.title}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="table-scroll">
          <table>
            <caption className="sr-only">Fields and their translations</caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Field</th>
                <th scope="col">Own text</th>
                <th scope="col">Translation</th>
                <th scope="col">
                  <span className="sr-only">Save</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {(list.data ?? []).map((f) => (
                <tr key={keyOf(f)}>
                  <td>{f.row_id}</td>
                  <td>{f.field}</td>
                  <td>{f.source.length > 160 ? `${f.source.slice(0, 160)}…` : f.source}</td>
                  <td>
                    <textarea
                      className="textarea"
                      aria-label={`Translation of ${f.field} of row ${f.row_id}`}
                      rows={f.source.length > 120 ? 6 : 2}
                      value={drafts[keyOf(f)] ?? f.text}
                      onChange={(e) => setDrafts((d) => ({ ...d, [keyOf(f)]: e.target.value }))}
                    />
                  </td>
                  <td>
                    <Button size="sm" onClick={() => void save(f)} disabled={write.isPending}>
                      Save
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </AdminPage>
  );
}
