import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { get, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { type z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Checkbox, FieldShell, SelectField, TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/forms';
import { toast } from '../../../components/ui/toast';

export interface FieldDef {
  name: string;
  label: string;
  type: 'text' | 'number' | 'checkbox' | 'textarea' | 'select';
  options?: readonly string[];
  hint?: string;
  /** Whole numbers by default; `decimal` allows fractions (currency rates, VAT). */
  decimal?: boolean;
}

interface RecordFormProps {
  fields: FieldDef[];
  /** The same zod schema the server validates with. */
  schema: z.ZodType;
  defaultValues: FieldValues;
  submitLabel?: string;
  onSubmit: (values: FieldValues) => Promise<unknown>;
  onCancel?: () => void;
}

/** A form over a contracts schema: client-side checks first, then the server's field errors on the same fields. */
export function RecordForm({ fields, schema, defaultValues, submitLabel = 'Save', onSubmit, onCancel }: RecordFormProps) {
  const formId = useId();
  const { register, handleSubmit, setError, formState } = useForm<FieldValues>({
    resolver: zodResolver(schema as z.ZodType<FieldValues, FieldValues>) as Resolver<FieldValues>,
    defaultValues,
  });
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      if (
        !applyServerErrors(
          error,
          setError,
          {},
          fields.map((f) => f.name),
        )
      )
        toast.error(errorMessage(error));
    }
  });
  const errorOf = (name: string) => {
    const e: unknown = get(formState.errors, name);
    const message = (e as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' ? message : undefined;
  };

  return (
    <form className="admin-form" onSubmit={(e) => void submit(e)} noValidate>
      <div className="admin-form__grid">
        {fields.map((f) => {
          if (f.type === 'checkbox') return <Checkbox key={f.name} label={f.label} error={errorOf(f.name)} {...register(f.name)} />;
          if (f.type === 'select') {
            return (
              <SelectField key={f.name} label={f.label} error={errorOf(f.name)} {...register(f.name)}>
                {f.options?.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </SelectField>
            );
          }
          if (f.type === 'textarea') {
            const id = `${formId}-${f.name}`;
            return (
              <div key={f.name} style={{ gridColumn: '1 / -1' }}>
                <FieldShell id={id} label={f.label} error={errorOf(f.name)} hint={f.hint}>
                  <textarea id={id} className="input textarea" rows={10} aria-invalid={errorOf(f.name) ? true : undefined} {...register(f.name)} />
                </FieldShell>
              </div>
            );
          }
          return (
            <TextField
              key={f.name}
              label={f.label}
              hint={f.hint}
              type={f.type === 'number' ? 'number' : 'text'}
              step={f.type === 'number' ? (f.decimal ? 'any' : 1) : undefined}
              error={errorOf(f.name)}
              {...register(f.name, f.type === 'number' ? { valueAsNumber: true } : {})}
            />
          );
        })}
      </div>
      <div className="admin-form__actions">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" loading={formState.isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
