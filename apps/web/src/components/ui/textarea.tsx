import { limits } from '@parley/contracts';
import { forwardRef, useId, useState, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { FieldShell } from './field';
import { useT } from '../../lib/i18n';

interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: string;
  /** Maximum characters; 500 by default (spec §5). */
  limit?: number;
}

/** Textarea with the '{n}/{limit} Symbols' counter. */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { label, error, limit = limits.textareaMax, id, onChange, value, defaultValue, ...rest },
  ref,
) {
  const t = useT();
  const autoId = useId();
  const inputId = id ?? autoId;
  const [length, setLength] = useState(() => String(value ?? defaultValue ?? '').length);
  const shown = value !== undefined ? String(value).length : length;
  return (
    <FieldShell id={inputId} label={label} error={error}>
      <textarea
        ref={ref}
        id={inputId}
        className="input textarea"
        maxLength={limit}
        value={value}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${inputId}-counter`}
        onChange={(event) => {
          setLength(event.target.value.length);
          onChange?.(event);
        }}
        {...rest}
      />
      <span className="textarea__counter" id={`${inputId}-counter`}>
        {t('contributor.symbolsCounter', { n: shown, limit })}
      </span>
    </FieldShell>
  );
});
