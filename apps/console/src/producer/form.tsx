import { createContext, type ReactNode, useContext } from 'react';
import { fieldId, getAt, localIn, pathText, type TDoc, type TPath, zonedIso } from './document.ts';

/**
 * The editor's document and its problems, for the fields of every tab: each field is bound to a
 * path of the document, shows the api's problem at that path under it (aria-invalid, read with the
 * field) and writes its value back by path.
 */
export type TEditor = {
  doc: TDoc;
  set: (path: TPath, value: unknown) => void;
  errors: Map<string, string>;
};
export const EditorContext = createContext<TEditor | null>(null);
export function useEditor(): TEditor {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor outside the editor');
  return value;
}

type TFieldProps = { path: TPath; label: string; hint?: string; className?: string };

/** The label, the control, the hint and the problem at this path; `render` gets the control's a11y props. */
function Bound({
  path,
  label,
  hint,
  className,
  render,
}: TFieldProps & {
  render: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const { errors } = useEditor();
  const id = fieldId(path);
  const error = errors.get(pathText(path));
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {render({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextInput({
  multiline,
  optional,
  type = 'text',
  inputMode,
  autoComplete,
  ...props
}: TFieldProps & {
  multiline?: boolean;
  optional?: boolean;
  type?: string;
  inputMode?: 'numeric' | 'text';
  autoComplete?: string;
}) {
  const { doc, set } = useEditor();
  const value = (getAt(doc, props.path) as string | undefined) ?? '';
  const change = (text: string) => set(props.path, optional && text === '' ? undefined : text);
  return (
    <Bound
      {...props}
      render={(a11y) =>
        multiline ? (
          <textarea {...a11y} rows={5} value={value} onChange={(e) => change(e.target.value)} />
        ) : (
          <input
            {...a11y}
            type={type}
            inputMode={inputMode}
            autoComplete={autoComplete ?? 'off'}
            value={value}
            onChange={(e) => change(e.target.value)}
          />
        )
      }
    />
  );
}

export function NumberInput({
  optional,
  step = 1,
  min = 0,
  max,
  ...props
}: TFieldProps & { optional?: boolean; step?: number; min?: number; max?: number }) {
  const { doc, set } = useEditor();
  const value = getAt(doc, props.path) as number | undefined;
  return (
    <Bound
      {...props}
      className={`${props.className ?? ''} field-number`.trim()}
      render={(a11y) => (
        <input
          {...a11y}
          type="number"
          inputMode={step < 1 ? 'decimal' : 'numeric'}
          step={step}
          min={min}
          max={max}
          value={value ?? ''}
          onChange={(e) =>
            set(props.path, e.target.value === '' ? (optional ? undefined : 0) : Number(e.target.value))
          }
        />
      )}
    />
  );
}

export function SelectInput({
  options,
  optional,
  numeric,
  ...props
}: TFieldProps & {
  options: readonly (readonly [string | number, string])[];
  optional?: string;
  numeric?: boolean;
}) {
  const { doc, set } = useEditor();
  const value = getAt(doc, props.path);
  return (
    <Bound
      {...props}
      render={(a11y) => (
        <select
          {...a11y}
          value={value === undefined ? '' : String(value)}
          onChange={(e) => {
            const raw = e.target.value;
            set(props.path, raw === '' ? undefined : numeric ? Number(raw) : raw);
          }}
        >
          {optional !== undefined ? <option value="">{optional}</option> : null}
          {options.map(([key, label]) => (
            <option key={key} value={String(key)}>
              {label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** An instant edited on the event's clock (its time zone), stored with its offset. */
export function DateTimeInput({ optional, ...props }: TFieldProps & { optional?: boolean }) {
  const { doc, set } = useEditor();
  const zone = doc.timeZone || 'America/Sao_Paulo';
  const value = localIn(getAt(doc, props.path) as string | undefined, zone);
  return (
    <Bound
      {...props}
      render={(a11y) => (
        <input
          {...a11y}
          type="datetime-local"
          value={value}
          onChange={(e) =>
            set(props.path, e.target.value ? zonedIso(e.target.value, zone) : optional ? undefined : '')
          }
        />
      )}
    />
  );
}

export function Check({ path, label, hint }: TFieldProps) {
  const { doc, set, errors } = useEditor();
  const id = fieldId(path);
  const error = errors.get(pathText(path));
  return (
    <div className="check">
      <input
        type="checkbox"
        id={id}
        checked={Boolean(getAt(doc, path))}
        onChange={(e) => set(path, e.target.checked)}
        aria-describedby={
          [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
        }
      />
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
