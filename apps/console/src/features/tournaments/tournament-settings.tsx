'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { familyKey } from '@/features/game/names';
import { FactsList } from '@/ui/facts-list';
import type { TournamentView } from './use-live-tournament';

/** The settings fixed at creation, the schedule, and the fairness commitment (the seed once it is over). */
export function TournamentSettings({ view }: { view: TournamentView }) {
  const t = useTranslations('tournaments');
  const tg = useTranslations('game');
  const format = useFormatter();
  const when = (at: string) => format.dateTime(new Date(at), { dateStyle: 'medium', timeStyle: 'medium' });
  const swiss = view.format === 'SWISS_TABLES';
  const rows: [string, string][] = [
    [t('organiser'), view.organiser],
    [t('family'), `${tg(familyKey(view.family))}${view.ranked ? ` · ${t('ranked')}` : ''}`],
    [t('formatLegend'), swiss ? t('swissSummary', { rounds: view.swissRounds, final: view.finalTableSize }) : t('knockoutSummary', { advance: view.advancePerTable })],
    [t('tables'), t('tableRange', { min: view.minTableSize, max: view.maxTableSize })],
    [t('players'), t('entrantsOf', { entrants: view.entrants, capacity: view.capacity })],
    [t('registration'), `${when(view.registrationOpensAt)} – ${when(view.registrationClosesAt)}`],
    [t('startsAt'), when(view.startsAt)],
    [t('checkIn'), view.checkInMinutes > 0 ? t('checkInFrom', { at: when(view.checkInOpensAt) }) : t('noCheckIn')],
    [t('commitment'), view.seed ? t('seedRevealed', { seed: view.seed }) : view.fairnessCommitment],
  ];
  if (view.winner) rows.unshift([t('winner'), view.winner]);
  return <FactsList rows={rows} />;
}
