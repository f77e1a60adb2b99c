'use client';

import { useCallback } from 'react';
import { type CombinedError, type OperationResult, type TypedDocumentNode, useClient } from 'urql';

/** A command id: random, sent once per move and reused on every retry of that move. */
export function newCommandId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const RETRIES = 6;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type CommandVariables = { input: { commandId: string } & Record<string, unknown> };

/**
 * Sends a game command. A dropped connection does not lose the move: the same command id goes again with
 * backoff, and the API answers a repeated id with the first result (idempotent), so nothing is applied twice.
 */
export function useCommand<Data, Variables extends CommandVariables>(document: TypedDocumentNode<Data, Variables>) {
  const client = useClient();
  return useCallback(
    async (input: Omit<Variables['input'], 'commandId'>): Promise<OperationResult<Data, Variables>> => {
      const variables = { input: { ...input, commandId: newCommandId() } } as Variables;
      for (let attempt = 0; ; attempt++) {
        const result = await client.mutation(document, variables, { requestPolicy: 'network-only' }).toPromise();
        if (!result.error?.networkError || attempt >= RETRIES) return result;
        await sleep(Math.min(4_000, 250 * 2 ** attempt));
      }
    },
    [client, document],
  );
}

export interface Problem {
  readonly code: string;
  readonly detail: string;
}

/** What went wrong, as the API put it: its error code (extensions.code) and its message naming the field. */
export function problemOf(error: CombinedError | undefined): Problem | null {
  if (!error) return null;
  if (error.networkError) return { code: 'NETWORK', detail: error.networkError.message };
  const first = error.graphQLErrors[0];
  const code = typeof first?.extensions?.['code'] === 'string' ? (first.extensions['code'] as string) : 'ERROR';
  return { code, detail: first?.message ?? error.message };
}
