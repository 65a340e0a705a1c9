import { describe, expect, it } from 'vitest';
import { auditCsvLine, csvCell } from './audit-csv.ts';

describe('the audit CSV', () => {
  it('quotes cells with commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
  });

  it('defuses what a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('+5511')).toBe("'+5511");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('writes before and after as JSON, one line per entry ending in CRLF', () => {
    const line = auditCsvLine({
      id: 7,
      at: '2026-11-29T12:00:00.000Z',
      staffId: null,
      staffEmail: null,
      action: 'site_flags.change',
      targetType: 'site_flags',
      targetId: 'site',
      before: { chatWidget: false },
      after: { chatWidget: true },
      reason: 'X-Admin-Token',
      ip: '203.0.113.9',
      requestId: 'req-1',
    });
    expect(line).toBe(
      '7,2026-11-29T12:00:00.000Z,,,site_flags.change,site_flags,site,X-Admin-Token,203.0.113.9,req-1,' +
        '"{""chatWidget"":false}","{""chatWidget"":true}"\r\n',
    );
  });
});
