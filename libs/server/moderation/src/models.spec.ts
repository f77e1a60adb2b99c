import { matchOfDispute } from './models';

describe('dispute ids name their match', () => {
  it.each`
    id                 | match
    ${'abc.1'}         | ${'abc'}
    ${'a-b_c.12'}      | ${'a-b_c'}
    ${'abc'}           | ${null}
    ${'abc.'}          | ${null}
    ${'.1'}            | ${null}
    ${'abc.x1'}        | ${null}
  `('$id → $match', ({ id, match }) => {
    expect(matchOfDispute(id)).toBe(match);
  });
});
