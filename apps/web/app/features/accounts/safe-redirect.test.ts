import { describe, expect, it } from 'vitest';
import { safeRedirect } from './api.server.ts';

describe('redirect parameter', () => {
  it('keeps same-site paths and refuses everything else', () => {
    expect(safeRedirect('/meus-ingressos?x=1')).toBe('/meus-ingressos?x=1');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect(null, '/minha-conta')).toBe('/minha-conta');
  });
});
