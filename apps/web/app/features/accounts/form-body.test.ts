import { describe, expect, it } from 'vitest';
import { headerValue, jsonDepth, readForm, readJsonObject } from './form-body.server.ts';

const post = (body: string, contentType: string) =>
  new Request('http://localhost/login', { method: 'POST', headers: { 'content-type': contentType }, body });

describe('page action bodies', () => {
  it('reads a form, and answers null for a body that is not one', async () => {
    expect((await readForm(post('email=a%40b.c', 'application/x-www-form-urlencoded')))?.get('email')).toBe(
      'a@b.c',
    );
    expect(await readForm(post('{"email":"a"}', 'application/json'))).toBeNull();
    expect(await readForm(post('x', 'text/plain'))).toBeNull();
    expect(await readForm(post('x', 'multipart/form-data'))).toBeNull();
  });

  it('reads one JSON object, and answers null for anything else or anything too deep', async () => {
    expect(await readJsonObject(post('{"name":"Ana","cityID":1}', 'application/json'))).toEqual({
      name: 'Ana',
      cityID: 1,
    });
    for (const body of [
      'null',
      '[]',
      '"x"',
      '42',
      '{',
      '',
      'not json',
      `{"x":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
    ])
      expect(await readJsonObject(post(body, 'application/json')), body.slice(0, 20)).toBeNull();
  });

  it('counts nesting outside strings only', () => {
    expect(jsonDepth('{"a":{"b":[1]}}')).toBe(3);
    expect(jsonDepth('{"a":"[[[[[[[[[[[[\\"[[["}')).toBe(1);
    expect(jsonDepth('['.repeat(1000))).toBe(9);
  });

  it('keeps only header-safe captcha tokens', () => {
    expect(headerValue('abc.DEF-123_:')).toBe('abc.DEF-123_:');
    for (const bad of ['a b', ' ', 'a\nb', 'a\u0000', 'ç', '', 42, null, 'x'.repeat(5000)])
      expect(headerValue(bad)).toBe('');
  });
});
