import { describe, expect, it } from 'vitest';
import { describeError } from './describe-error.ts';

describe('describeError', () => {
  it('keeps the reply code and what the server said', () => {
    const error = Object.assign(new Error('Message failed: 451 4.7.1 Mailbox busy, try again later'), {
      code: 'EMESSAGE',
    });
    expect(describeError(error)).toBe('EMESSAGE: Message failed: 451 4.7.1 Mailbox busy, try again later');
  });

  it('masks addresses, CPFs, phone numbers and codes', () => {
    const text = describeError(
      new Error('550 <ana.silva@exemplo.com.br> unknown; cpf 123.456.789-09, +5511987654321, code 123456'),
    );
    expect(text).toBe('Error: 550 <<address>> unknown; cpf <digits>, +<digits>, code <digits>');
  });

  it('keeps what is not an Error short', () => {
    expect(describeError('x'.repeat(1000))).toHaveLength(300);
  });
});
