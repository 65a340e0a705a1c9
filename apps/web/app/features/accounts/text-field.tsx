import { type InputHTMLAttributes, useId } from 'react';
import { FieldError } from '~/ui/field-error.tsx';
import styles from '~/ui/forms.module.css';

type TProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  hint?: string;
};

/** A labelled input whose error is announced with it. */
export function TextField({ label, error, hint, ...input }: TProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** Spec §5: no copying or pasting a password; people type it, so they know it. */
const blockClipboard = {
  onCopy: (event: { preventDefault(): void }) => event.preventDefault(),
  onCut: (event: { preventDefault(): void }) => event.preventDefault(),
  onPaste: (event: { preventDefault(): void }) => event.preventDefault(),
};

/** A password input: never pasted or copied (spec §5); `autoComplete` tells a new one from the current one. */
export function PasswordField(props: TProps & { autoComplete: 'new-password' | 'current-password' }) {
  return <TextField type="password" {...props} {...blockClipboard} />;
}
