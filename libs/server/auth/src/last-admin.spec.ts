import { adminStreams, leavesNoAdmin } from './last-admin';

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
