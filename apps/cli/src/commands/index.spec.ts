import { COMMANDS } from './index';

describe('the CLI command registry', () => {
  it.each(Object.keys(COMMANDS))('loads %s as a command with a summary', (name) => {
    const command = COMMANDS[name]?.();
    expect(typeof command?.run).toBe('function');
    expect(command?.summary).toMatch(/\w/);
  });
});
