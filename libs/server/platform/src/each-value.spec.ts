import { Subject, throwError } from 'rxjs';
import { eachValue } from './each-value';

describe('eachValue', () => {
  it('given values pushed before and after they are awaited, then each arrives once, in order', async () => {
    const source = new Subject<number>();
    const values = eachValue(source);
    source.next(1);
    const second = values.next();
    const first = await second;
    source.next(2);
    expect(first).toEqual({ value: 1, done: false });
    expect(await values.next()).toEqual({ value: 2, done: false });
  });

  it('given a consumer that fell behind, then only the newest values up to the limit are kept', async () => {
    const source = new Subject<number>();
    const values = eachValue(source, 2);
    [1, 2, 3].forEach((n) => source.next(n));
    expect((await values.next()).value).toBe(2);
    expect((await values.next()).value).toBe(3);
  });

  it('given the client leaves, then the source is unsubscribed and the iterator ends', async () => {
    const source = new Subject<number>();
    const values = eachValue(source);
    const pending = values.next();
    await values.return?.();
    expect(source.observed).toBe(false);
    expect(await pending).toEqual({ value: undefined, done: true });
  });
});

describe('eachValue, when its source fails', () => {
  it('given the source errors before anyone waits, then the next value is that error and the iterator ends', async () => {
    const source = new Subject<number>();
    const values = eachValue(source);
    source.next(1);
    source.error(new Error('no match nope'));
    expect(await values.next()).toEqual({ value: 1, done: false });
    await expect(values.next()).rejects.toThrow('no match nope');
    expect(await values.next()).toEqual({ value: undefined, done: true });
  });

  it('given a consumer already waiting, when the source errors, then the wait rejects (nothing is thrown out of rxjs)', async () => {
    const values = eachValue(throwError(() => new Error('boom')));
    await expect(values.next()).rejects.toThrow('boom');
    const source = new Subject<number>();
    const waiting = eachValue(source).next();
    source.error(new Error('later'));
    await expect(waiting).rejects.toThrow('later');
  });
});
