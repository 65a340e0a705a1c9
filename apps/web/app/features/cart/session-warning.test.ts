import { describe, expect, it } from 'vitest';
import { afterRenew, checkoutPath, sessionWarning, shownModal } from './session-warning.ts';

const exp = '2026-11-29T02:00:00Z';

describe('cart session warnings', () => {
  it('warns by the time left, none without a cart or time', () => {
    expect(sessionWarning(exp, 120, '/').timed).toBe('areYouStillThere');
    expect(sessionWarning(exp, 30, '/').timed).toBe('finalizePurchase');
    expect(sessionWarning(exp, 120, '/pagamento').timed).toBe('sessionEnding');
    expect(sessionWarning(exp, 600, '/').timed).toBe('none');
    expect(sessionWarning(exp, 0, '/').timed).toBe('none');
    expect(sessionWarning(null, 30, '/').timed).toBe('none');
    expect(sessionWarning(exp, null, '/').timed).toBe('none');
  });

  it('keys a warning by hold and threshold: /pagamento’s final warning is not its first', () => {
    const first = sessionWarning(exp, 120, '/pagamento');
    const final = sessionWarning(exp, 30, '/pagamento');
    expect(first.timed).toBe(final.timed);
    expect(first.warningKey).not.toBe(final.warningKey);
    expect(sessionWarning('later', 120, '/pagamento').warningKey).not.toBe(first.warningKey);
  });

  it('shows an event’s modal first, else the warning not yet acted on', () => {
    expect(shownModal({ kind: 'lotSoldOut', lost: 0 }, 'areYouStillThere', 'k', null)).toBe('lotSoldOut');
    expect(shownModal(null, 'areYouStillThere', 'k', null)).toBe('areYouStillThere');
    expect(shownModal(null, 'areYouStillThere', 'k', 'k')).toBe('none');
  });

  it('sends the buyer to pay, or back to the map while a table is incomplete', () => {
    expect(checkoutPath({ incompleteTables: [], items: [{ slug: 'show' }] })).toBe('/pagamento');
    expect(checkoutPath({ incompleteTables: [3], items: [{ slug: 'show' }] })).toBe('/eventmap/show');
    expect(checkoutPath(null)).toBe('/pagamento');
    expect(afterRenew(true, '/events/show')).toBe('/carrinho');
    expect(afterRenew(true, '/pagamento')).toBeNull();
    expect(afterRenew(true, '/carrinho')).toBeNull();
    expect(afterRenew(false, '/')).toBeNull();
  });
});
