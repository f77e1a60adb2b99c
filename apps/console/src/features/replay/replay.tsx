'use client';

import { useSearchParams } from 'next/navigation';
import { parseView } from './replay-types';
import { MatchReplay } from './match-replay';

function initialStep(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : 0;
}

/** The replay page: the step and view come from the URL, which then follows them so any step can be linked. */
export function Replay({ id }: { id: string }) {
  const params = useSearchParams();
  return <MatchReplay id={id} initialStep={initialStep(params.get('step'))} initialView={parseView(params.get('view'))} />;
}
