import { ADMIN_FENCE_STREAM, ADMIN_ROLE_REMOVED, adminStreams, fenceRevision, leavesNoAdmin } from './last-admin';

const registered = (stream: string, role: string) => ({ streamName: stream, type: 'AccountRegistered', data: { role, passwordHash: 'h' } });
const granted = (stream: string, role: string) => ({ streamName: stream, type: 'RoleGranted', data: { role, by: 'x' } });

describe('the last admin', () => {
  it('given registrations and grants, then the admins are the accounts whose latest role is admin', () => {
    const events = [registered('account-boss', 'admin'), registered('account-ann', 'player'), granted('account-ann', 'admin'), registered('account-bob', 'player'), granted('account-ann', 'moderator')];
    expect([...adminStreams(events)]).toEqual(['account-boss']);
  });

  it('given a name registered again, then its old role counts for nothing', () => {
    expect(adminStreams([registered('account-boss', 'admin'), registered('account-boss', 'player')]).size).toBe(0);
  });

  it.each`
    admins                          | target             | role           | then     | why
    ${['account-boss']}             | ${'account-boss'}  | ${'player'}    | ${true}  | ${'the only admin demoting themselves'}
    ${['account-boss']}             | ${'account-boss'}  | ${'moderator'} | ${true}  | ${'any role but admin removes it'}
    ${['account-boss']}             | ${'account-boss'}  | ${'admin'}     | ${false} | ${'granting admin again changes nothing'}
    ${['account-boss', 'account-ann']} | ${'account-boss'} | ${'player'}  | ${false} | ${'another admin remains'}
    ${['account-boss']}             | ${'account-ann'}   | ${'player'}    | ${false} | ${'the target is no admin'}
  `('given admins $admins, when $target is given $role, then it leaves no admin: $then — $why', ({ admins, target, role, then }) => {
    expect(leavesNoAdmin(target, role, new Set(admins))).toBe(then);
  });
});

describe('the admin fence (ADR 0037)', () => {
  const removed = (account: string, role: string, revision: bigint) => ({ streamName: ADMIN_FENCE_STREAM, type: ADMIN_ROLE_REMOVED, data: { account, role, by: 'x' }, revision });
  const at = <T extends object>(event: T, revision = 0n) => ({ ...event, revision });

  it('given an admin whose removal is fenced but whose own grant is not written yet, then the admins already leave it out', () => {
    const events = [registered('account-boss', 'admin'), registered('account-ann', 'admin'), removed('account-ann', 'player', 0n)];
    expect([...adminStreams(events)]).toEqual(['account-boss']);
  });

  it('given an AdminRoleRemoved anywhere but the fence stream, then it counts for nothing', () => {
    const stray = { streamName: 'account-ann', type: ADMIN_ROLE_REMOVED, data: { account: 'account-boss', role: 'player' } };
    expect(adminStreams([registered('account-boss', 'admin'), stray]).size).toBe(1);
  });

  it('given no fence yet, then a removal expects no stream; given two fenced removals, then it expects the last one’s revision', () => {
    expect(fenceRevision([at(registered('account-boss', 'admin'), 4n)])).toBe('no_stream');
    expect(fenceRevision([removed('account-a', 'player', 0n), at(granted('account-a', 'player'), 3n), removed('account-b', 'player', 1n)])).toBe(1n);
  });
});
