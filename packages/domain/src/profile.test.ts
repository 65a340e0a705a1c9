import { describe, expect, it } from 'vitest';
import { needsGender } from './account.ts';
import { isProfileReadyForPayment } from './profile.ts';

describe('profile before payment', () => {
  it('lets a foreigner pay without state and city', () => {
    expect(isProfileReadyForPayment({ nationality: 1, stateIBGE: null, cityIBGE: null })).toBe(true);
  });
  it('needs both state and city from a Brazilian', () => {
    expect(isProfileReadyForPayment({ nationality: 0, stateIBGE: 35, cityIBGE: 3550308 })).toBe(true);
    expect(isProfileReadyForPayment({ nationality: 0, stateIBGE: 35, cityIBGE: null })).toBe(false);
    expect(isProfileReadyForPayment({ nationality: 0, stateIBGE: null, cityIBGE: null })).toBe(false);
  });
});

describe('gender pop-up', () => {
  it('shows for gender null or 0 only', () => {
    expect(needsGender(null)).toBe(true);
    expect(needsGender(0)).toBe(true);
    expect(needsGender(4)).toBe(false);
  });
});
