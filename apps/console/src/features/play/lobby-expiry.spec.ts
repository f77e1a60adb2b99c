import { expiredAfter, expiryWarning, WARN_BEFORE_MS } from './lobby-expiry';

const EXPIRES_AT = 10_000_000;

describe("an idle lobby's warning", () => {
  it('given more than five minutes left, then it says nothing', () => {
    expect(expiryWarning(EXPIRES_AT, EXPIRES_AT - WARN_BEFORE_MS - 1)).toBeNull();
    expect(expiryWarning(EXPIRES_AT, EXPIRES_AT - 30 * 60_000)).toBeNull();
  });

  it('given the last five minutes, then it says the whole minutes left, never more than are left', () => {
    expect(expiryWarning(EXPIRES_AT, EXPIRES_AT - WARN_BEFORE_MS)).toEqual({ minutes: 5 });
    expect(expiryWarning(EXPIRES_AT, EXPIRES_AT - WARN_BEFORE_MS + 1)).toEqual({ minutes: 4 });
    expect(expiryWarning(EXPIRES_AT, EXPIRES_AT - 60_000)).toEqual({ minutes: 1 });
  });

  it('given less than a minute left, or the time already past (the expiry on its way), then it says less than a minute', () => {
    expect(expiryWarning(EXPIRES_AT, EXPIRES_AT - 59_999)).toEqual({ minutes: 0 });
    expect(expiryWarning(EXPIRES_AT, EXPIRES_AT)).toEqual({ minutes: 0 });
    expect(expiryWarning(EXPIRES_AT, EXPIRES_AT + 5_000)).toEqual({ minutes: 0 });
  });
});

describe("an expired lobby's notice (ADR 0048, 0061)", () => {
  it('names the idle time in whole hours (a host may choose hours), else in minutes (fractions kept), seconds below a minute', () => {
    expect(expiredAfter(7200)).toEqual({ hours: 2 });
    expect(expiredAfter(3600)).toEqual({ hours: 1 });
    expect(expiredAfter(5400)).toEqual({ minutes: 90 });
    expect(expiredAfter(1800)).toEqual({ minutes: 30 });
    expect(expiredAfter(90)).toEqual({ minutes: 1.5 });
    expect(expiredAfter(45)).toEqual({ seconds: 45 });
  });
});
