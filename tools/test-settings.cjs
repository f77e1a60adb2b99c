// The knobs the test suites read from the environment. A malformed value stops the run before any test, with a
// message naming it, instead of silently running NaN random cases (`Number('ten')` is NaN, and a loop to NaN
// runs zero times). Loaded by jest.preset.cjs, so every Jest project checks them; add a knob here when a suite
// reads a new one.
const wholeNumber = /^(0|[1-9][0-9]*)$/;
const integer = /^-?(0|[1-9][0-9]*)$/;

const SETTINGS = {
  PROPERTY_RUNS: { valid: (v) => wholeNumber.test(v) && Number(v) >= 1, expected: 'a whole number >= 1 (random matches per engine property)' },
  DIFFERENTIAL_RUNS: { valid: (v) => wholeNumber.test(v) && Number(v) >= 1, expected: 'a whole number >= 1 (scenarios the differential test generates)' },
  DIFFERENTIAL_SEED: { valid: (v) => integer.test(v) && Number.isSafeInteger(Number(v)), expected: 'a whole number (the first seed the differential generator uses)' },
};

/** Throws on the first malformed setting; unset ones take the suites' defaults. */
function checkTestSettings(env = process.env) {
  for (const [name, { valid, expected }] of Object.entries(SETTINGS)) {
    const value = env[name];
    if (value !== undefined && !valid(value)) throw new Error(`${name}=${JSON.stringify(value)} is not valid: expected ${expected}`);
  }
}

module.exports = { checkTestSettings, SETTINGS };
