import type { TCity, TState } from '@ingressos/contracts/accounts';
import { useEffect, useId, useState } from 'react';
import { api } from '~/shared/api-client.ts';
import styles from '~/ui/forms.module.css';
import { useI18n } from '~/ui/i18n.tsx';
import { toast } from '~/ui/toast-store.ts';

type TProps = {
  states: TState[] | null;
  stateId: number | null;
  cityId: number | null;
  onChange: (value: { stateId: number | null; cityId: number | null }) => void;
  stateError?: string | undefined;
  cityError?: string | undefined;
  /** Cities already loaded by the page for the current state. */
  initialCities?: TCity[] | null;
};

/** State and city selects; the cities of a state are fetched when it is chosen. */
export function PlaceFields({
  states,
  stateId,
  cityId,
  onChange,
  stateError,
  cityError,
  initialCities,
}: TProps) {
  const { t } = useI18n();
  const stateFieldId = useId();
  const cityFieldId = useId();
  const [cities, setCities] = useState<TCity[] | null>(initialCities ?? null);
  const [loadedFor, setLoadedFor] = useState<number | null>(initialCities ? stateId : null);

  useEffect(() => {
    if (states === null) toast.error(t('register.statesError'));
  }, [states, t]);

  useEffect(() => {
    if (stateId === null || stateId === loadedFor) return;
    let current = true;
    setCities(null);
    api('cities', { params: { stateId } }).then((answer) => {
      if (!current) return;
      if (answer.ok) {
        setCities(answer.body);
        setLoadedFor(stateId);
      } else {
        toast.error(t('register.citiesError'));
      }
    });
    return () => {
      current = false;
    };
  }, [stateId, loadedFor, t]);

  return (
    <div className={styles.row}>
      <div className={styles.field}>
        <label htmlFor={stateFieldId}>{t('register.state')}</label>
        <select
          id={stateFieldId}
          value={stateId ?? ''}
          aria-invalid={stateError ? true : undefined}
          onChange={(event) =>
            onChange({ stateId: event.target.value ? Number(event.target.value) : null, cityId: null })
          }
        >
          <option value="">{t('register.choose')}</option>
          {states?.map((state) => (
            <option key={state.StateID} value={state.StateID}>
              {state.Name}
            </option>
          ))}
        </select>
        {stateError && <p className={styles.error}>{stateError}</p>}
      </div>
      <div className={styles.field}>
        <label htmlFor={cityFieldId}>{t('register.city')}</label>
        <select
          id={cityFieldId}
          value={cityId ?? ''}
          // Issue 20: while a state's cities load the select stays enabled (busy), so the keyboard's
          // focus on it is not dropped when the buyer arrows through the states.
          disabled={stateId === null}
          aria-busy={stateId !== null && !cities ? true : undefined}
          aria-invalid={cityError ? true : undefined}
          onChange={(event) =>
            onChange({ stateId, cityId: event.target.value ? Number(event.target.value) : null })
          }
        >
          <option value="">{stateId && !cities ? t('app.loading') : t('register.choose')}</option>
          {cities?.map((city) => (
            <option key={city.CityID} value={city.CityID}>
              {city.Name}
            </option>
          ))}
        </select>
        {cityError && <p className={styles.error}>{cityError}</p>}
      </div>
    </div>
  );
}
