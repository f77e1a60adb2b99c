import { authorizationOf } from './connection-params';

describe('a websocket connection_init payload', () => {
  it.each([
    ['nothing (a spectator)', undefined, undefined],
    ['an empty object (a spectator)', {}, undefined],
    ['authorization', { authorization: 'Bearer t' }, 'Bearer t'],
    ['Authorization, as the HTTP header is often written', { Authorization: 'Bearer t' }, 'Bearer t'],
  ])('given %s, then the token is read from it', (_what, params, value) => {
    expect(authorizationOf(params)).toEqual({ value });
  });

  it.each([
    ['a token under a key of its own', { token: 'Bearer t' }, 'connectionParams.token: not a connection parameter'],
    ['authorization beside another key', { authorization: 'Bearer t', locale: 'fr' }, 'connectionParams.locale: not a connection parameter'],
    ['authorization twice in two letter cases', { authorization: 'Bearer a', Authorization: 'Bearer b' }, 'connectionParams: authorization is given 2 times'],
  ])('given %s, then it is a problem naming the key, not a spectator', (_what, params, problem) => {
    expect(authorizationOf(params)).toEqual({ problem: expect.stringContaining(problem) });
  });
});
