// The rules' test helpers, for this package's tests and for other game libraries' tests (never their sources).
export { seededRandom } from './random-match';
