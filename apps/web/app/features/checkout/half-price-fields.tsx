import { halfPriceCategory, normaliseDocumentNumber } from '@ingressos/domain/half-price';
import type { TMessageKey } from '~/i18n/pt-BR.ts';
import { useI18n } from '~/ui/i18n.tsx';
import styles from '~/ui/panels.module.css';
import look from './half-price.module.css';
import { type THalfPriceDraft, type THalfPriceField, unitProblems } from './half-price-rules.ts';

/** What the identification knows of a half-price item: the event's categories and its day (for ages). */
export type THalfPriceItem = { categories: string[]; eventDay: string };

const PROBLEM_KEYS: Record<string, TMessageKey> = {
  required: 'halfPrice.error.required',
  document_format: 'halfPrice.error.documentFormat',
  issuer_invalid: 'halfPrice.error.issuer',
  document_expired: 'halfPrice.error.expired',
  birth_date_required: 'halfPrice.error.birthDate',
  not_entitled_age: 'halfPrice.error.age',
};

/**
 * Issue 36: one half-price unit's claim at /identificacao: the category (only those the event
 * offers, each with its law in the hint), the document's fields where the category has one, and the
 * birth date where the category goes by age. Each error sits under its field, tied to it by
 * aria-describedby and said in a live region.
 */
export function HalfPriceFields(props: {
  id: string;
  /** The unit's position in its item, from 1. */
  n: number;
  item: THalfPriceItem;
  draft: THalfPriceDraft;
  /** Errors are shown once the buyer has tried to continue or left the field. */
  shown: Partial<Record<THalfPriceField, boolean>>;
  today: string;
  onChange(patch: Partial<THalfPriceDraft>): void;
  onLeave(field: THalfPriceField): void;
}) {
  const { t, locale } = useI18n();
  const { id, draft, item } = props;
  const category = halfPriceCategory(draft.category);
  const problems = unitProblems(draft, { eventDay: item.eventDay, today: props.today });
  const errorOf = (field: THalfPriceField) => {
    const problem = props.shown[field] ? problems[field] : undefined;
    return problem ? t(PROBLEM_KEYS[problem]!) : '';
  };
  const field = (name: THalfPriceField, label: string, input: React.ReactNode, hint?: string) => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {hint && (
        <span id={`${id}-${name}-hint`} className={look.hint}>
          {hint}
        </span>
      )}
      {input}
      <span id={`${id}-${name}-error`} role="status" className={styles.error}>
        {errorOf(name)}
      </span>
    </div>
  );
  const common = (name: THalfPriceField) => ({
    id: `${id}-${name}`,
    name: `${id}-${name}`,
    'aria-invalid': errorOf(name) ? true : undefined,
    'aria-describedby': `${id}-${name}-hint ${id}-${name}-error`,
    onBlur: () => props.onLeave(name),
  });
  const law = category
    ? t('halfPrice.lawHint', { law: category.law }) +
      (category.document
        ? ` ${t('halfPrice.documentHint', { document: category.document.name[locale] })}`
        : '')
    : t('halfPrice.categoryHint');
  return (
    <div className={look.claim} data-half-price-unit={id}>
      <p className={look.badge}>{t('halfPrice.unit', { n: props.n })}</p>
      {field(
        'category',
        t('halfPrice.category'),
        <select
          {...common('category')}
          value={draft.category}
          onChange={(event) => props.onChange({ category: event.target.value })}
        >
          <option value="">{t('halfPrice.choose')}</option>
          {item.categories.map((code) => {
            const known = halfPriceCategory(code);
            return (
              <option key={code} value={code}>
                {known ? known.label[locale] : code}
              </option>
            );
          })}
        </select>,
        law,
      )}
      {category?.document &&
        field(
          'documentNumber',
          category.id === 'student'
            ? t('halfPrice.cieCode')
            : t('halfPrice.documentNumber', { document: category.document.name[locale] }),
          <input
            {...common('documentNumber')}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={30}
            value={draft.documentNumber}
            onChange={(event) => props.onChange({ documentNumber: event.target.value })}
          />,
          t('halfPrice.numberHint'),
        )}
      {category?.document?.issuers &&
        field(
          'documentIssuer',
          t('halfPrice.issuer'),
          <select
            {...common('documentIssuer')}
            value={draft.documentIssuer}
            onChange={(event) => props.onChange({ documentIssuer: event.target.value })}
          >
            <option value="">{t('halfPrice.choose')}</option>
            {category.document.issuers.map((issuer) => (
              <option key={issuer} value={issuer}>
                {issuer}
              </option>
            ))}
          </select>,
        )}
      {category?.document?.validUntil &&
        field(
          'documentValidUntil',
          t('halfPrice.validUntil'),
          <input
            {...common('documentValidUntil')}
            type="date"
            min={props.today}
            value={draft.documentValidUntil}
            onChange={(event) => props.onChange({ documentValidUntil: event.target.value })}
          />,
        )}
      {category?.age &&
        field(
          'birthDate',
          t('halfPrice.birthDate'),
          <input
            {...common('birthDate')}
            type="date"
            max={props.today}
            autoComplete="off"
            value={draft.birthDate}
            onChange={(event) => props.onChange({ birthDate: event.target.value })}
          />,
          category.age.max !== undefined
            ? t('halfPrice.ageBetween', { min: category.age.min ?? 0, max: category.age.max })
            : t('halfPrice.ageFrom', { min: category.age.min ?? 0 }),
        )}
    </div>
  );
}

/** The claim as sent: the number normalised, fields the category has no use for left out. */
export function claimOf(draft: THalfPriceDraft) {
  const category = halfPriceCategory(draft.category);
  return {
    category: draft.category,
    documentNumber: category?.document ? normaliseDocumentNumber(draft.documentNumber) : undefined,
    documentIssuer: category?.document?.issuers ? draft.documentIssuer : undefined,
    documentValidUntil: category?.document?.validUntil ? draft.documentValidUntil : undefined,
    birthDate: category?.age ? draft.birthDate : undefined,
  };
}
