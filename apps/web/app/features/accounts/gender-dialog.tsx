import { GENDERS, type TGender } from '@ingressos/domain/account';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { api } from '~/shared/api-client.ts';
import type { TShellUser } from '~/shared/shell-user.ts';
import { Dialog } from '~/ui/dialog.tsx';
import styles from '~/ui/forms.module.css';
import { useI18n } from '~/ui/i18n.tsx';
import { MODAL_PRIORITY } from '~/ui/modal-queue.ts';
import { toast } from '~/ui/toast-store.ts';
import { GENDER_KEYS } from './gender-select.tsx';

/** Spec §4 gender pop-up: for accounts whose gender is null or 0. */
export function GenderDialog({ user }: { user: TShellUser }) {
  const { t } = useI18n();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(true);
  const [gender, setGender] = useState<TGender | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!gender) return;
    setBusy(true);
    const answer = await api('updateMyAccount', { body: { Id: user.id, gender } });
    setBusy(false);
    if (!answer.ok) return void toast.error(t('gender.error'));
    toast.success(t('gender.saved'));
    setOpen(false);
    revalidator.revalidate();
  }

  return (
    <Dialog
      open={open}
      priority={MODAL_PRIORITY.gender}
      title={t('gender.title')}
      onClose={() => setOpen(false)}
    >
      <form className={styles.form} onSubmit={save}>
        <p className={styles.hint}>{t('gender.intro')}</p>
        <fieldset className={styles.choices}>
          <legend className="visually-hidden">{t('register.gender')}</legend>
          {GENDERS.map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="gender"
                checked={gender === value}
                onChange={() => setGender(value)}
              />
              {t(GENDER_KEYS[value])}
            </label>
          ))}
        </fieldset>
        <button type="submit" className={styles.primary} disabled={!gender || busy}>
          {t('gender.save')}
        </button>
      </form>
    </Dialog>
  );
}
