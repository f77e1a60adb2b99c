'use client';

import { useTranslations } from 'next-intl';
import { useCommand } from '@/data/commands';
import { ClaimDisputeDocument, ReleaseDisputeDocument } from '@/data/generated/graphql';
import type { DisputeView, RunDisputeCommand } from './use-dispute';

interface Props {
  readonly view: DisputeView;
  readonly me: string;
  readonly run: RunDisputeCommand;
}

/** Claim with the revision on screen (STALE_REVISION when it changed since), or give it back. */
export function ClaimPanel({ view, me, run }: Props) {
  const t = useTranslations('moderation');
  const claim = useCommand(ClaimDisputeDocument);
  const release = useCommand(ReleaseDisputeDocument);
  const holder = view.claimedBy;
  return (
    <div className="row">
      {holder ? <span>{t('claimedByName', { name: holder.name })}</span> : <span>{t('unclaimed')}</span>}
      {view.status === 'OPEN' || (holder && holder.id !== me && view.status === 'CLAIMED') ? (
        <button
          type="button"
          className="primary"
          onClick={() =>
            run(() => claim({ disputeId: view.id, expectedRevision: view.revision }), (d) => d.claimDispute)
          }
        >
          {t('claim')}
        </button>
      ) : null}
      {holder?.id === me && view.status === 'CLAIMED' ? (
        <button type="button" onClick={() => run(() => release({ disputeId: view.id }), (d) => d.releaseDispute)}>
          {t('release')}
        </button>
      ) : null}
    </div>
  );
}
