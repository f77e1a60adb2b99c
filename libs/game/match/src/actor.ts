/** Who sends a match command: a signed-in account, the driver of a CPU seat, or the turn timer. */
export type Actor =
  | { readonly kind: 'account'; readonly id: string; readonly name: string }
  | { readonly kind: 'cpu'; readonly seat: string }
  | { readonly kind: 'timer' };

/** The actor as the metadata records it: `account:<id>`, `cpu:<seat>` or `timer`. */
export function actorKey(actor: Actor): string {
  switch (actor.kind) {
    case 'account':
      return `account:${actor.id}`;
    case 'cpu':
      return `cpu:${actor.seat}`;
    case 'timer':
      return 'timer';
  }
}
