import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useI18n } from '../../lib/i18n';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}

/**
 * Label, control and error message, wired with aria-describedby. A message from the contracts'
 * schemas is written in English: it is shown in the chosen language.
 */
export function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  const { localize } = useI18n();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && !error && <p className="field__hint">{hint}</p>}
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {localize(error)}
        </p>
      )}
    </div>
  );
}

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, error, hint, id, className = '', ...rest }, ref) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint}>
      <input
        ref={ref}
        id={inputId}
        className={`input ${className}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        {...rest}
      />
    </FieldShell>
  );
});

export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type'>>(function PasswordField({ label, error, hint, id, ...rest }, ref) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const [visible, setVisible] = useState(false);
  const { t } = useI18n();
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint}>
      <div className="input-group">
        <input
          ref={ref}
          id={inputId}
          type={visible ? 'text' : 'password'}
          className="input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          {...rest}
        />
        <button
          type="button"
          className="input-group__toggle"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('commonUi.hidePassword') : t('commonUi.showPassword')}
        >
          {visible ? t('commonUi.hide') : t('commonUi.show')}
        </button>
      </div>
    </FieldShell>
  );
});

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  error?: string;
}

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox({ label, error, id, ...rest }, ref) {
  const { localize } = useI18n();
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={`field field--check${error ? ' field--invalid' : ''}`}>
      <div className="check">
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          {...rest}
        />
        <label htmlFor={inputId}>{label}</label>
      </div>
      {error && (
        <p className="field__error" id={`${inputId}-error`} role="alert">
          {localize(error)}
        </p>
      )}
    </div>
  );
});

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  error?: string;
}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField({ label, error, id, children, ...rest }, ref) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <FieldShell id={selectId} label={label} error={error}>
      <select ref={ref} id={selectId} className="input select" aria-invalid={error ? true : undefined} {...rest}>
        {children}
      </select>
    </FieldShell>
  );
});
