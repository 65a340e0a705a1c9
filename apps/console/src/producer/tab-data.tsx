import { GATEWAY_CODES } from '@ingressos/contracts/gateway-codes';
import { type ChangeEvent, useState } from 'react';
import { api, url } from '../api.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { Live } from '../ui/page.tsx';
import { Check, DateTimeInput, NumberInput, SelectInput, TextInput, useEditor } from './form.tsx';

/** The api's limit (POSTER_MAX_BYTES in staff-producer.ts, not imported: that module brings zod into the bundle). */
const POSTER_MAX_BYTES = 8 * 1024 * 1024;
const CATEGORIES = [
  'show',
  'festival',
  'teatro',
  'samba',
  'esporte',
  'stand-up',
  'infantil',
  'feira',
] as const;
const AGES = ['L', '10', '12', '14', '16', '18'] as const;
const STATES = 'AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' ');
const ZONES = [
  'America/Sao_Paulo',
  'America/Manaus',
  'America/Cuiaba',
  'America/Belem',
  'America/Fortaleza',
  'America/Recife',
  'America/Bahia',
  'America/Porto_Velho',
  'America/Rio_Branco',
  'America/Noronha',
];

/** Dados: what the event is, when and where, its poster, and how it is paid. */
export function DataTab({ isNew }: { isNew: boolean }) {
  const { t } = useI18n();
  const { doc } = useEditor();
  return (
    <div className="stack">
      <fieldset className="card grid">
        <legend>{t('producer.data.about')}</legend>
        <TextInput path={['name']} label={t('producer.data.name')} className="wide" />
        <TextInput
          path={['slug']}
          label={t('producer.data.slug')}
          hint={isNew ? t('producer.data.slugHint') : t('producer.data.slugFixed')}
          className="wide"
        />
        <TextInput path={['description']} label={t('producer.data.description')} multiline className="wide" />
        <SelectInput
          path={['category']}
          label={t('producer.data.category')}
          options={CATEGORIES.map((c) => [c, t(`producer.category.${c}`)] as const)}
        />
        <SelectInput
          path={['ageRating']}
          label={t('producer.data.ageRating')}
          options={AGES.map(
            (a) => [a, a === 'L' ? t('producer.data.ageFree') : t('producer.data.age', { n: a })] as const,
          )}
        />
        <TextInput path={['producer']} label={t('producer.data.producer')} />
        <TextInput
          path={['group']}
          label={t('producer.data.group')}
          hint={t('producer.data.groupHint')}
          optional
        />
      </fieldset>
      <fieldset className="card grid">
        <legend>{t('producer.data.when')}</legend>
        <DateTimeInput
          path={['startsAt']}
          label={t('producer.data.startsAt')}
          hint={t('producer.data.startsAtHint', { zone: doc.timeZone })}
        />
        <SelectInput
          path={['timeZone']}
          label={t('producer.data.timeZone')}
          options={(ZONES.includes(doc.timeZone) ? ZONES : [doc.timeZone, ...ZONES]).map(
            (z) => [z, z.replace('America/', '').replace('_', ' ')] as const,
          )}
        />
      </fieldset>
      <Venue />
      <Poster />
      <fieldset className="card grid">
        <legend>{t('producer.data.payment')}</legend>
        <SelectInput
          path={['currency']}
          label={t('producer.data.currency')}
          options={[
            ['BRL', 'Real (BRL)'],
            ['USD', 'Dólar (USD)'],
          ]}
        />
        <SelectInput
          path={['gateway']}
          label={t('producer.data.gateway')}
          optional={t('producer.data.gatewayDefault')}
          numeric
          options={Object.entries(GATEWAY_CODES).map(([code, g]) => [code, `${g.name} (${code})`] as const)}
        />
        <NumberInput
          path={['maxInterestFreeInstallments']}
          label={t('producer.data.installments')}
          hint={t('producer.data.installmentsHint')}
          optional
          min={1}
          max={12}
        />
        <SelectInput
          path={['docType']}
          label={t('producer.data.docType')}
          options={[
            ['CPF', t('producer.data.docCpf')],
            ['ESTRANGEIRO', t('producer.data.docForeign')],
          ]}
        />
        <Check path={['nfeMandatory']} label={t('producer.data.nfe')} hint={t('producer.data.nfeHint')} />
        <Check
          path={['featured']}
          label={t('producer.data.featured')}
          hint={t('producer.data.featuredHint')}
        />
      </fieldset>
    </div>
  );
}

/** The venue; a CEP fills the address from the site's postal-code lookup. */
function Venue() {
  const { t } = useI18n();
  const { doc, set } = useEditor();
  const [message, setMessage] = useState('');
  const [tone, setTone] = useState<'ok' | 'error'>('ok');
  const lookUp = async () => {
    const cep = (doc.venue.postalCode ?? '').replace(/\D/g, '');
    setMessage('');
    if (cep.length !== 8) {
      setTone('error');
      return setMessage(t('producer.venue.cepInvalid'));
    }
    const answer = await api('staffPostalCode', { params: { cep } });
    if (!answer.ok) {
      setTone('error');
      return setMessage(answer.message || t('producer.venue.cepNotFound'));
    }
    const found = answer.body;
    set(['venue'], {
      ...doc.venue,
      postalCode: `${cep.slice(0, 5)}-${cep.slice(5)}`,
      address: found.address || doc.venue.address,
      district: found.district || doc.venue.district,
      city: found.city || doc.venue.city,
      state: (found.state || doc.venue.state) as typeof doc.venue.state,
    });
    setTone('ok');
    setMessage(t('producer.venue.cepFound', { city: found.city, state: found.state }));
  };
  return (
    <fieldset className="card grid">
      <legend>{t('producer.venue.title')}</legend>
      <TextInput path={['venue', 'name']} label={t('producer.venue.name')} className="wide" />
      <div className="cep">
        <TextInput
          path={['venue', 'postalCode']}
          label={t('producer.venue.cep')}
          inputMode="numeric"
          optional
          autoComplete="postal-code"
        />
        <button type="button" className="button-secondary" onClick={() => void lookUp()}>
          {t('producer.venue.lookUp')}
        </button>
      </div>
      <div className="wide">
        <Live message={message} tone={tone} />
      </div>
      <TextInput path={['venue', 'address']} label={t('producer.venue.address')} className="wide" />
      <TextInput path={['venue', 'number']} label={t('producer.venue.number')} />
      <TextInput path={['venue', 'district']} label={t('producer.venue.district')} />
      <TextInput path={['venue', 'city']} label={t('producer.venue.city')} />
      <SelectInput
        path={['venue', 'state']}
        label={t('producer.venue.state')}
        options={STATES.map((s) => [s, s] as const)}
      />
    </fieldset>
  );
}

/** The poster: a JPEG, PNG or WebP sent to the api (resized to WebP there), previewed here. */
function Poster() {
  const { t } = useI18n();
  const { doc, set } = useEditor();
  const [preview, setPreview] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  // A saved poster is served at /api/posters/<id>.webp; a new upload answers its own address.
  const shown = preview || (doc.poster ? `/api/posters/${doc.poster}.webp` : '');
  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    setMessage('');
    if (!file) return;
    if (file.size > POSTER_MAX_BYTES) return setMessage(t('producer.poster.tooBig'));
    setBusy(true);
    const response = await fetch(url('uploadProducerPoster'), {
      method: 'POST',
      headers: { 'content-type': file.type || 'application/octet-stream' },
      body: file,
    }).catch(() => null);
    setBusy(false);
    const body = (await response?.json().catch(() => null)) as Record<string, unknown> | null;
    if (!response?.ok || !body) return setMessage(String(body?.Message ?? t('common.failed')));
    set(['poster'], String(body.posterId));
    setPreview(String(body.url));
  };
  return (
    <fieldset className="card poster-field">
      <legend>{t('producer.poster.title')}</legend>
      <div className="poster-row">
        <div className="poster-preview">
          {shown ? (
            <img src={shown} alt={t('producer.poster.alt', { name: doc.name })} />
          ) : (
            <span className="muted">
              {doc.poster ? t('producer.poster.saved') : t('producer.poster.none')}
            </span>
          )}
        </div>
        <div className="stack">
          <div className="field">
            <label htmlFor="poster-file">{t('producer.poster.pick')}</label>
            <input
              id="poster-file"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={(e) => void upload(e)}
              aria-describedby="poster-hint"
              disabled={busy}
            />
            <p className="hint" id="poster-hint">
              {t('producer.poster.hint')}
            </p>
          </div>
          {doc.poster ? (
            <div>
              <button
                type="button"
                className="button-quiet"
                onClick={() => {
                  set(['poster'], undefined);
                  setPreview('');
                }}
              >
                {t('producer.poster.remove')}
              </button>
            </div>
          ) : null}
          {busy ? <p role="status">{t('producer.poster.sending')}</p> : null}
          <Live message={message} />
        </div>
      </div>
    </fieldset>
  );
}
