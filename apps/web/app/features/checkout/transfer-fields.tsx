import { cpfDigits, maskCpf } from '@ingressos/domain/cpf';
import { transferEntryProblems } from '@ingressos/domain/transfer-entries';
import { useDestinationLookup } from '~/shared/transfer-destination.ts';
import { useI18n } from '~/ui/i18n.tsx';
import styles from '~/ui/panels.module.css';

/** A transfer entry being typed (§3 "Transfer entry": destinationCpf, indexItem). */
export type TTransferDraft = { key: number; indexItem: number; cpf: string };

/**
 * What blocks a transfer entry (§5: a CPF for transfer cannot be used twice; not the buyer's own),
 * or null when it may go ahead.
 */
export function transferProblem(draft: TTransferDraft, all: TTransferDraft[], buyerCpf: string) {
  const entries = all.map((other) => ({ destinationCpf: other.cpf, indexItem: other.indexItem }));
  return (
    transferEntryProblems(entries, { buyerCpf })[all.findIndex((other) => other.key === draft.key)] ?? null
  );
}

/**
 * The transfers of one cart item: each sends one of its tickets to the account of another CPF,
 * looked up 500 ms after the last keystroke so the buyer sees whose account it reaches.
 */
export function TransferFields(props: {
  indexItem: number;
  quantity: number;
  drafts: TTransferDraft[];
  all: TTransferDraft[];
  buyerCpf: string;
  onAdd(): void;
  onChange(key: number, cpf: string): void;
  onRemove(key: number): void;
}) {
  const { t } = useI18n();
  const mine = props.drafts;
  return (
    <div className={styles.transfers}>
      {mine.map((draft, position) => (
        <TransferField
          key={draft.key}
          id={`transfer-${props.indexItem}-${draft.key}`}
          label={t('checkout.transferLabel', { n: position + 1 })}
          removeLabel={t('checkout.transferRemove', { n: position + 1 })}
          draft={draft}
          problem={transferProblem(draft, props.all, props.buyerCpf)}
          onChange={(cpf) => props.onChange(draft.key, cpf)}
          onRemove={() => props.onRemove(draft.key)}
        />
      ))}
      {mine.length < props.quantity && (
        <button type="button" className={styles.secondary} onClick={props.onAdd}>
          {t('checkout.transferAdd')}
        </button>
      )}
    </div>
  );
}

function TransferField(props: {
  id: string;
  label: string;
  removeLabel: string;
  draft: TTransferDraft;
  problem: ReturnType<typeof transferProblem>;
  onChange(cpf: string): void;
  onRemove(): void;
}) {
  const { t } = useI18n();
  const cpf = cpfDigits(props.draft.cpf);
  const complete = cpf.length === 11;
  const ready = complete && props.problem !== 'invalid' && props.problem !== 'self';
  const found = useDestinationLookup(cpf, ready, t('transfer.lookupError'));
  const text = !complete
    ? ''
    : props.problem === 'invalid'
      ? t('checkout.cpfInvalid')
      : props.problem === 'self'
        ? t('checkout.transferSelf')
        : props.problem === 'repeated'
          ? t('checkout.transferRepeated')
          : !found
            ? t('checkout.checking')
            : found.failed
              ? found.failed
              : found.answer?.registered
                ? t('checkout.transferAccount', { email: found.answer.email ?? '' })
                : t('checkout.transferNoAccount');
  const bad = complete && (props.problem !== null || Boolean(found?.failed));
  return (
    <div className={styles.field}>
      <label htmlFor={props.id}>{props.label}</label>
      <div className={styles.inline}>
        <input
          id={props.id}
          inputMode="numeric"
          autoComplete="off"
          maxLength={14}
          value={props.draft.cpf}
          aria-invalid={bad ? true : undefined}
          aria-describedby={`${props.id}-status`}
          onChange={(event) => props.onChange(maskCpf(event.target.value))}
        />
        <button type="button" className={styles.link} aria-label={props.removeLabel} onClick={props.onRemove}>
          ×
        </button>
      </div>
      <span id={`${props.id}-status`} role="status" className={bad ? styles.error : styles.ok}>
        {text}
      </span>
    </div>
  );
}
