// Used by the npm run scripts that start a built program (scenario, bot, bench…): installs what is
// missing and runs the incremental build, printing nothing on standard output.
const { ensureDependencies, build, quietStdout } = require('./lib.cjs');

quietStdout();
ensureDependencies();
build();
