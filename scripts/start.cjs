// `npm start`: install what is missing, build, run the main job.
// For now the main job is the scenario CLI: its help, then a demo ruling from a bundled conformance file.
const path = require('node:path');
const { root, run, ensureDependencies, build } = require('./lib.cjs');

ensureDependencies();
build();
const cli = path.join(root, 'apps/cli/dist/main.js');
run(process.execPath, [cli]);
run(process.execPath, [cli, 'scenario', path.join(root, 'libs/game/scenario/conformance/seed-example-challenge.json')]);
