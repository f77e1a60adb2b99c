/** The API behind the console, read at run time (`CONSOLE_API_URL`), so one build serves any API. Server side only. */
export function apiUrl(): string {
  return process.env['CONSOLE_API_URL'] ?? 'http://127.0.0.1:4000';
}
