import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useI18n } from '../i18n/i18n.tsx';

/**
 * One screen: its title in the tab and as the one h1, which takes the focus after each navigation
 * so a screen reader announces the new screen and Tab starts from its top.
 */
export function Page({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { pathname } = useLocation();
  const { t } = useI18n();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  // A new path, or a new step on the same path (the recovery codes after the enrolment, an order's
  // code once loaded): the heading says where the person is now.
  useEffect(() => {
    heading.current?.focus();
  }, [pathname, title]);
  return (
    <>
      <div className="page-head">
        <h1 tabIndex={-1} ref={heading}>
          {title}
        </h1>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </div>
      {children}
    </>
  );
}

/** An error (or success) said aloud when it appears: the region exists before its text does. */
export function Live({ message, tone = 'error' }: { message: string; tone?: 'error' | 'ok' }) {
  return (
    <div
      className={message ? `notice notice-${tone}` : 'notice-empty'}
      aria-live={tone === 'error' ? 'assertive' : 'polite'}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {message}
    </div>
  );
}

/** A labelled field; `hint` is read with it (aria-describedby). */
export function Field({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The reason every staff action that changes something asks for (it goes to the audit log). */
export function ReasonField({
  id,
  label,
  hint,
  value,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} hint={hint}>
      <textarea
        id={id}
        rows={3}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        required
      />
    </Field>
  );
}

export function Loading() {
  const { t } = useI18n();
  return (
    <p className="muted" role="status">
      {t('common.loading')}
    </p>
  );
}
