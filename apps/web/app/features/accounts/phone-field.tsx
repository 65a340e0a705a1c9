import { normalizePhoneInput } from '@ingressos/domain/phone';
import type { CountryCode } from 'libphonenumber-js/min';
import { useId, useMemo, useState } from 'react';
import { FieldError } from '~/ui/field-error.tsx';
import styles from '~/ui/forms.module.css';
import { useI18n } from '~/ui/i18n.tsx';
import { countryOfDdi, formatPhone, listCountries } from './countries.ts';
import { useCountryNames } from './country-names.tsx';

type TProps = {
  ddi: string;
  digits: string;
  onChange: (value: { ddiPhone: string; phone: string }) => void;
  error?: string | undefined;
  label: string;
};

/** Country picker (flag and dial code) and the number, digits only, a leading zero dropped, masked per country. */
export function PhoneField({ ddi, digits, onChange, error, label }: TProps) {
  const { t, locale } = useI18n();
  const id = useId();
  const names = useCountryNames();
  const countries = useMemo(() => listCountries(locale, names ?? undefined), [locale, names]);
  const [country, setCountry] = useState<CountryCode>(() => countryOfDdi(ddi));
  const current = countries.all.find((c) => c.id === country);
  const shown = formatPhone(digits, country);
  const option = (c: (typeof countries.all)[number]) => (
    <option key={`${c.id}`} value={c.id}>
      {`${c.flag} ${c.name} (${c.ddi})`}
    </option>
  );
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <div className={styles.phone}>
        <select
          aria-label={t('phone.country')}
          value={country}
          onChange={(event) => {
            const next = event.target.value as CountryCode;
            setCountry(next);
            const nextDdi = countries.all.find((c) => c.id === next)?.ddi ?? ddi;
            onChange({ ddiPhone: nextDdi, phone: digits });
          }}
        >
          <optgroup label={t('phone.topCountries')}>{countries.top.map(option)}</optgroup>
          <optgroup label={t('phone.allCountries')}>{countries.all.map(option)}</optgroup>
        </select>
        <input
          id={id}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={shown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            let next = normalizePhoneInput(event.target.value).slice(0, current?.maxLength ?? 15);
            // Deleting a mask character (a parenthesis, a hyphen) deletes the digit before it.
            if (next === digits && event.target.value.length < shown.length) next = digits.slice(0, -1);
            onChange({ ddiPhone: current?.ddi ?? ddi, phone: next });
          }}
        />
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
