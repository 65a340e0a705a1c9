import { BIOMETRY_STATUS } from '@ingressos/domain/biometry';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { catalogFor } from '~/i18n/index.ts';
import { I18nProvider, keepMessages } from '~/ui/i18n.tsx';
import { BiometryStatusCard, type TCardView } from './status-card.tsx';

const links = {
  helpUrl: 'https://ajuda.example/biometria',
  attendantUrl: 'https://chat.example/atendente',
  manualReviewHours: 24,
  start: '/reconhecimento-facial',
};

keepMessages('pt-BR', '/pt-BR.json', catalogFor('pt-BR'));
keepMessages('en', '/en.json', catalogFor('en'));

function render(view: TCardView, locale: 'pt-BR' | 'en' = 'pt-BR') {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <I18nProvider locale={locale} href={`/${locale}.json`}>
        <BiometryStatusCard view={view} links={links} />
      </I18nProvider>
    </MemoryRouter>,
  );
  const text = html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const buttons = [...html.matchAll(/<(?:button|a)\b[^>]*>(.*?)<\/(?:button|a)>/g)].map((m) => m[1]);
  return { html, text, buttons };
}
const status = (statusId: number, reviewDueAt: string | null = null): TCardView => ({
  kind: 'status',
  statusId,
  reviewDueAt,
});

describe('BiometryStatusCard (accounts §4, card by status)', () => {
  it('loading: Carregando... with a disabled button', () => {
    const { html, text } = render({ kind: 'loading' });
    expect(text).toContain('Carregando...');
    expect(html).toMatch(/<button[^>]*disabled/);
  });

  it('no status record: Biometria não encontrada, a retry and a support button', () => {
    const { text, buttons } = render({ kind: 'missing' });
    expect(text).toContain('Biometria não encontrada');
    expect(buttons).toEqual(['Tentar novamente', 'Falar com o suporte']);
  });

  it('STARTED and IN_PROGRESS: pending, Iniciar agora / Reiniciar agora to the capture', () => {
    const started = render(status(BIOMETRY_STATUS.STARTED));
    expect(started.text).toContain('Cadastro de biometria pendente');
    expect(started.buttons).toEqual(['Iniciar agora']);
    expect(started.html).toContain('href="/reconhecimento-facial"');
    const again = render(status(BIOMETRY_STATUS.IN_PROGRESS));
    expect(again.text).toContain('Cadastro de biometria pendente');
    expect(again.buttons).toEqual(['Reiniciar agora']);
  });

  it('MANUAL_VERIFICATION: in review, the configured return time, Tire suas dúvidas', () => {
    const { text, buttons } = render(status(BIOMETRY_STATUS.MANUAL_VERIFICATION));
    expect(text).toContain('Biometria em análise');
    expect(text).toContain('Você terá um retorno em até 24 horas.');
    expect(buttons).toEqual(['Tire suas dúvidas']);
    const due = render(status(BIOMETRY_STATUS.MANUAL_VERIFICATION, '2026-11-28T15:00:00.000Z'));
    expect(due.text).toContain('28/11/2026');
  });

  it('BLOCKED: no card, the code LR0001 and a request to contact support', () => {
    const { html, text } = render(status(BIOMETRY_STATUS.BLOCKED));
    expect(text).toContain('LR0001');
    expect(text).toContain('Entre em contato com o suporte');
    expect(html).not.toContain('<h2');
  });

  it('LINKED_TO_ANOTHER_ACCOUNT and DOCUMENT_MISMATCH: their titles and the attendant button', () => {
    const linked = render(status(BIOMETRY_STATUS.LINKED_TO_ANOTHER_ACCOUNT));
    expect(linked.text).toContain('Ops! Já vimos esse rosto por aqui');
    expect(linked.buttons).toEqual(['Falar com um atendente']);
    expect(linked.html).toContain('href="https://chat.example/atendente"');
    const mismatch = render(status(BIOMETRY_STATUS.DOCUMENT_MISMATCH));
    expect(mismatch.text).toContain('Não conseguimos validar seu documento');
    expect(mismatch.buttons).toEqual(['Falar com um atendente']);
  });

  it('ACTIVE: success and no button; NOT_EXISTENT: Cadastrar biometria', () => {
    const active = render(status(BIOMETRY_STATUS.ACTIVE));
    expect(active.text).toContain('Biometria cadastrada com sucesso!');
    expect(active.buttons).toEqual([]);
    const none = render(status(BIOMETRY_STATUS.NOT_EXISTENT));
    expect(none.text).toContain('Cadastrar biometria');
  });

  it('a number the spec does not define: Status desconhecido, no card', () => {
    const { html, text } = render(status(9));
    expect(text).toBe('Status desconhecido');
    expect(html).not.toContain('<h2');
  });

  it('speaks English to foreign visitors', () => {
    expect(render(status(BIOMETRY_STATUS.ACTIVE), 'en').text).toContain('Biometry registered successfully!');
  });
});
