// One Jest run over every workspace package that has a jest.config.cjs.
const fs = require('node:fs');
const path = require('node:path');
const { workspaces } = require('./package.json');

function packageDirs() {
  return workspaces.flatMap((pattern) => {
    const base = pattern.replace(/\/\*.*$/, '');
    const depth = pattern.split('/').length - base.split('/').length;
    let dirs = [path.join(__dirname, base)];
    for (let i = 0; i < depth; i++) {
      dirs = dirs.flatMap((d) => (fs.existsSync(d) ? fs.readdirSync(d, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => path.join(d, e.name)) : []));
    }
    return dirs;
  });
}

// No passWithNoTests: a run that finds no test fails.
// Workers: one per core. Jest's default is one fewer than the cores, which on a 2-core machine (CI's) is one
// worker, and with one worker Jest runs every file in its own process, one after another: the second core then
// idles whenever a test waits on a child API, a worker thread, a timer or the disk (docs/adr/0025).
module.exports = {
  maxWorkers: '100%',
  testSequencer: path.join(__dirname, 'tools/jest-sequencer.cjs'),
  projects: packageDirs().filter((d) => fs.existsSync(path.join(d, 'jest.config.cjs'))),
};
