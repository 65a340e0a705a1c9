import { GENDERS, type TGender } from '@ingressos/domain/account';
import { useI18n } from '~/ui/i18n.tsx';

/** Spec §3 gender options (1 Male, 2 Female, 3 Others, 4 PreferNotToSay) and their labels. */
export const GENDER_KEYS = {
  1: 'gender.male',
  2: 'gender.female',
  3: 'gender.others',
  4: 'gender.preferNotToSay',
} as const;

/** The gender select of the register and account-data forms. */
export function GenderSelect({
  id,
  value,
  invalid,
  onChange,
}: {
  id: string;
  value: number | null | undefined;
  invalid?: boolean;
  onChange: (gender: TGender | undefined) => void;
}) {
  const { t } = useI18n();
  return (
    <select
      id={id}
      value={value ?? ''}
      aria-invalid={invalid ? true : undefined}
      onChange={(event) => onChange(event.target.value ? (Number(event.target.value) as TGender) : undefined)}
    >
      <option value="">{t('register.choose')}</option>
      {GENDERS.map((gender) => (
        <option key={gender} value={gender}>
          {t(GENDER_KEYS[gender])}
        </option>
      ))}
    </select>
  );
}
