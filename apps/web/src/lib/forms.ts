import { type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's field errors (first message each) on the form's fields.
 * `fieldMap` renames server fields (password_confirmation → passwordConfirmation).
 * Returns true when at least one field error was placed.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldMap: Record<string, Path<T>> = {},
  known: readonly string[] = [],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let placed = false;
  for (const [field, messages] of Object.entries(error.errors)) {
    const target = fieldMap[field] ?? (known.includes(field) ? (field as Path<T>) : undefined);
    const message = messages[0];
    if (!target || !message) continue;
    setError(target, { type: 'server', message });
    placed = true;
  }
  return placed;
}
