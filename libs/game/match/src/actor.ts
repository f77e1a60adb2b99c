/** Who sends a match command: a signed-in account, the driver of a CPU seat, or the turn timer. */
export type Actor =
  | { readonly kind: 'account'; readonly id: string; readonly name: string }
  | { readonly kind: 'cpu'; readonly seat: string }
  | { readonly kind: 'timer' }
  /** A tournament's process manager: it opens and starts its tables' matches and takes leavers out of them. */
  | { readonly kind: 'director'; readonly tournamentId: string };

/** The actor as the metadata records it: `account:<id>`, `cpu:<seat>` or `timer`. */
export function actorKey(actor: Actor): string {
  switch (actor.kind) {
    case 'account':
      return `account:${actor.id}`;
    case 'cpu':
      return `cpu:${actor.seat}`;
    case 'timer':
      return 'timer';
    case 'director':
      return `director:${actor.tournamentId}`;
  }
}
