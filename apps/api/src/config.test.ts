import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs with no environment at all, on local defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.MAINTENANCE).toBe(false);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.secureCookies).toBe(false);
  });

  it('refuses a bad value with one line naming the variable and the value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/^Invalid configuration: PORT /);
      expect(message).toContain('"abc"');
      expect(message).not.toContain('\n');
    }
  });

  it.each([
    ['PORT', '70000'],
    ['MAINTENANCE', 'maybe'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['PUBLIC_URL', 'not a url'],
    ['COMPANY_TAX_ID', '123'],
  ])('names %s when it is %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });

  it('reads the switches and the PostgreSQL URL', () => {
    const config = loadConfig({
      PORT: '8080',
      MAINTENANCE: 'true',
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      PUBLIC_URL: 'https://ingressos.example/',
    });
    expect(config.PORT).toBe(8080);
    expect(config.MAINTENANCE).toBe(true);
    expect(config.DATABASE_URL).toBe('postgres://u:p@db:5432/app');
    expect(config.publicUrl).toBe('https://ingressos.example');
    expect(config.secureCookies).toBe(true);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });
});
