/**
 * The `Authorization` value a websocket's `connection_init` carries (docs/operations.md: `{ authorization:
 * "Bearer <token>" }`), read as HTTP reads its header: the key in any letter case. A token sent under another
 * key (`token`, `authToken`) is not ignored, which would run the socket as a spectator's: such a socket's
 * operations are refused (BAD_REQUEST naming the key), as a bad token's are, never downgraded.
 */
export function authorizationOf(params: Readonly<Record<string, unknown>> | undefined | null): { readonly value: unknown } | { readonly problem: string } {
  if (params === undefined || params === null) return { value: undefined };
  const keys = Object.keys(params);
  const other = keys.find((key) => key.toLowerCase() !== 'authorization');
  if (other !== undefined) return { problem: `connectionParams.${other}: not a connection parameter; send { authorization: "Bearer <token>" } (or nothing, as a spectator)` };
  if (keys.length > 1) return { problem: `connectionParams: authorization is given ${keys.length} times (${keys.join(', ')}); send it once` };
  return { value: keys.length === 1 ? params[keys[0] as string] : undefined };
}
