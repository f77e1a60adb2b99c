import { sumCounters } from './counters';
import { cpuResultDeltas } from './cpu-results';
import { playedMatch } from './testing/sample-matches';
import { deltasOf } from './testing/fold';

/** The finished match's placements by seat. */
function placesIn(events: ReturnType<typeof playedMatch>): Map<string, number> {
  const finished = events.at(-1)?.event;
  if (finished?.type !== 'MatchFinished') throw new Error('the sample match did not finish');
  const places = new Map<string, number>();
  let place = 1;
  for (const group of finished.data.placements) {
    for (const seat of group) places.set(seat, place);
    place += group.length;
  }
  return places;
}

describe('CPU results against people', () => {
  it('given a person against two medium CPUs, then each CPU seat is counted with its pair against the person', () => {
    const events = playedMatch({ matchId: 'c1', accounts: ['ann', null, null], ruleset: 'classic', seed: 7 });
    const places = placesIn(events);
    const row = sumCounters(deltasOf(events, cpuResultDeltas)).get('classic|medium') ?? {};
    const ann = places.get('s1') ?? 0;
    const cpus = ['s2', 's3'].map((seat) => places.get(seat) ?? 0);
    expect(row['seats']).toBe(2);
    expect(row['pairs']).toBe(2);
    expect(row['ahead'] ?? 0).toBe(cpus.filter((p) => p < ann).length);
    expect(row['behind'] ?? 0).toBe(cpus.filter((p) => p > ann).length);
    expect(row['wins'] ?? 0).toBe(cpus.filter((p) => p === 1).length);
    expect(row['fairWins']).toBe(2 * Math.round(1_000_000 / 3));
    expect(row['tableSizeSum']).toBe(6);
    expect(sumCounters(deltasOf(events, cpuResultDeltas)).get('all|medium')).toEqual(row);
  });

  it('given a practice match, then it counts; given a tutorial or a table of people only, then nothing does', () => {
    expect(deltasOf(playedMatch({ matchId: 'p', accounts: ['ann', null], kind: 'practice', seed: 3 }), cpuResultDeltas)).not.toEqual([]);
    expect(deltasOf(playedMatch({ matchId: 't', accounts: ['ann', null], kind: 'tutorial', seed: 3 }), cpuResultDeltas)).toEqual([]);
    expect(deltasOf(playedMatch({ matchId: 'h', accounts: ['ann', 'bob'], seed: 3 }), cpuResultDeltas)).toEqual([]);
  });

  it('given a match still in play, then nothing is counted before its placements are public', () => {
    const events = playedMatch({ matchId: 'c2', accounts: ['ann', null], seed: 5 });
    expect(deltasOf(events.slice(0, -1), cpuResultDeltas)).toEqual([]);
  });
});
