import type { TLocale } from '@ingressos/domain';
import { escapeHtml } from '@ingressos/domain/html';
import type { TOpenApiDocument, TOpenApiOperation } from './document.ts';

const TEXT: Record<
  TLocale,
  Record<'intro' | 'auth' | 'params' | 'body' | 'answers' | 'public' | 'session' | 'optional', string>
> = {
  'pt-BR': {
    intro:
      'Todas as chamadas que este servidor atende, geradas dos contratos zod. O mesmo documento em JSON:',
    auth: 'Acesso',
    params: 'Parâmetros',
    body: 'Corpo (JSON)',
    answers: 'Respostas',
    public: 'público',
    session: 'sessão (cookie ou Bearer)',
    optional: 'sessão opcional',
  },
  en: {
    intro: 'Every call this server answers, generated from the zod contracts. The same document as JSON:',
    auth: 'Access',
    params: 'Parameters',
    body: 'Body (JSON)',
    answers: 'Answers',
    public: 'public',
    session: 'session (cookie or Bearer)',
    optional: 'optional session',
  },
};

const schemaBlock = (schema: unknown) =>
  `<details><summary>schema</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`;

function access(op: TOpenApiOperation, t: (typeof TEXT)[TLocale]) {
  if (op.security.length === 0) return t.public;
  return op.security.some((s) => Object.keys(s).length === 0) ? t.optional : t.session;
}

function operation(method: string, path: string, op: TOpenApiOperation, t: (typeof TEXT)[TLocale]) {
  const params = (op.parameters ?? [])
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? '✔' : ''}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`,
    )
    .join('');
  const body = op.requestBody?.content['application/json']?.schema;
  const answers = Object.entries(op.responses)
    .map(([status, answer]) => {
      const content = Object.entries(answer.content ?? {})[0];
      const schema = content && content[0] === 'application/json' ? schemaBlock(content[1].schema) : '';
      return `<li><b>${status}</b> ${escapeHtml(answer.description)}${content ? ` <code>${content[0]}</code>` : ''}${schema}</li>`;
    })
    .join('');
  return `<section class="op" id="${escapeHtml(op.operationId)}">
<h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(op.summary)}${op.description ? ` ${escapeHtml(op.description)}` : ''}</p>
<p><b>${t.auth}:</b> ${access(op, t)} · <code>${escapeHtml(op.operationId)}</code></p>
${params ? `<h4>${t.params}</h4><table><tbody>${params}</tbody></table>` : ''}
${body ? `<h4>${t.body}</h4>${schemaBlock(body)}` : ''}
<h4>${t.answers}</h4><ul>${answers}</ul>
</section>`;
}

/**
 * The API reference as one server-rendered page: no script, nothing from another origin, its only
 * style carrying this response's CSP nonce, so it works under the pages' policy as it is.
 */
export function renderReferencePage(
  doc: TOpenApiDocument,
  options: { nonce: string; locale: TLocale; jsonPath: string },
) {
  const t = TEXT[options.locale];
  const sections = doc.tags
    .map((tag) => {
      const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([, op]) => op.tags.includes(tag.name))
          .map(([method, op]) => operation(method, path, op, t)),
      );
      return `<h2 id="tag-${tag.name}">${tag.name}</h2><p>${escapeHtml(tag.description)}</p>${ops.join('\n')}`;
    })
    .join('\n');
  const toc = doc.tags.map((tag) => `<a href="#tag-${tag.name}">${tag.name}</a>`).join(' · ');
  return `<!doctype html><html lang="${options.locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(doc.info.title)}</title>
<style nonce="${escapeHtml(options.nonce)}">
body{font-family:system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;line-height:1.45;color:#1d1d1f}
.op{border-top:1px solid #ddd;padding:.5rem 0}h3{font-size:1.05rem;margin:.6rem 0}h4{margin:.6rem 0 .2rem;font-size:.95rem}
.m{display:inline-block;min-width:3.6rem;text-align:center;border-radius:4px;padding:0 .3rem;color:#fff;background:#555;font-size:.85rem}
.get{background:#1f6f43}.post{background:#1d4f91}.put{background:#8a5a00}.delete{background:#9b1c1c}
table{border-collapse:collapse;font-size:.9rem}td{border:1px solid #ddd;padding:.2rem .4rem;vertical-align:top}
pre{background:#f6f6f6;padding:.5rem;overflow:auto;font-size:.8rem}code{font-size:.9em}
</style></head><body>
<h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1>
<p>${t.intro} <a href="${options.jsonPath}">${options.jsonPath}</a> (OpenAPI ${doc.openapi}).</p>
<nav>${toc}</nav>
${sections}
</body></html>`;
}
