import { emptyResponseSchema, envelopeSchema } from '@parley/contracts';
import { useState, type ReactNode } from 'react';
import { type FieldValues } from 'react-hook-form';
import { type z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { type Row, useAdminWrite } from '../api/admin-query';
import { AdminPage } from './admin-layout';
import { ConfirmButton } from './confirm-button';
import { type Column, DataTable } from './data-table';
import { type FieldDef, RecordForm } from './record-form';

interface CrudScreenProps<T extends Row> {
  title: string;
  /** Singular, for buttons and dialogs: 'room'. */
  noun: string;
  path: string;
  schema: z.ZodType;
  /** The contract schema of one record as the server answers it (list, create, update). */
  record: z.ZodType<T>;
  fields: FieldDef[];
  columns: Column<T>[];
  defaults: FieldValues;
  canDelete?: boolean;
  defaultSort?: string;
  defaultOrder?: 'asc' | 'desc';
  rowActions?: (row: T) => ReactNode;
  toolbar?: ReactNode;
}

const pick = (row: Row, fields: FieldDef[]) => Object.fromEntries(fields.map((f) => [f.name, row[f.name] ?? (f.type === 'checkbox' ? false : '')]));

/** List, create, edit and (where allowed) delete records of one admin resource. */
export function CrudScreen<T extends Row>({
  title,
  noun,
  path,
  schema,
  record,
  fields,
  columns,
  defaults,
  canDelete = false,
  defaultSort,
  defaultOrder = 'asc',
  rowActions,
  toolbar,
}: CrudScreenProps<T>) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const saved = envelopeSchema(record);
  const create = useAdminWrite('post', saved);
  const update = useAdminWrite('put', saved);
  const remove = useAdminWrite('delete', emptyResponseSchema);

  const save = async (values: FieldValues) => {
    if (editing === 'new') await create.mutateAsync({ path, body: values });
    else if (editing) await update.mutateAsync({ path: `${path}/${editing.id}`, body: values });
    toast.success('Saved');
    setEditing(null);
  };

  return (
    <AdminPage title={title} actions={<Button onClick={() => setEditing('new')}>{`New ${noun}`}</Button>}>
      <DataTable
        caption={title}
        path={path}
        row={record}
        columns={columns}
        defaultSort={defaultSort}
        defaultOrder={defaultOrder}
        toolbar={toolbar}
        actions={(row) => (
          <>
            <Button variant="secondary" size="sm" onClick={() => setEditing(row)} aria-label={`Edit ${noun} ${row.id}`}>
              Edit
            </Button>
            {rowActions?.(row)}
            {canDelete && (
              <ConfirmButton
                label="Delete"
                title={`Delete this ${noun}?`}
                onConfirm={() =>
                  remove.mutateAsync({ path: `${path}/${row.id}` }).then(
                    () => toast.success('Deleted'),
                    (error: unknown) => toast.error(errorMessage(error)),
                  )
                }
              />
            )}
          </>
        )}
      />
      <Modal open={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? `New ${noun}` : `Edit ${noun}`} size="lg">
        {editing !== null && (
          <RecordForm
            fields={fields}
            schema={schema}
            defaultValues={editing === 'new' ? defaults : pick(editing, fields)}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
    </AdminPage>
  );
}
