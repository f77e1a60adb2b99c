'use client';

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ReplayView, Step } from './replay-types';
import { viewParam } from './replay-types';
import { bidPoint, type BidPoint, markerOf, type Marker, nextWhere } from './step-facts';

export const SPEEDS = [0.25, 0.5, 1, 2, 4] as const;
/** One step per second at 1×. */
const BASE_MS = 1_000;
const URL_DEBOUNCE_MS = 200;

export interface ReplayFacts {
  readonly points: readonly BidPoint[];
  readonly markers: readonly Marker[];
}

/** The chart's points and the scrubber's marks, computed once per loaded set of steps. */
export function useReplayFacts(steps: readonly (Step | undefined)[]): ReplayFacts {
  return useMemo(() => {
    const points: BidPoint[] = [];
    const markers: Marker[] = [];
    for (const step of steps) {
      if (!step) continue;
      const point = bidPoint(step);
      if (point) points.push(point);
      const marker = markerOf(step);
      if (marker) markers.push(marker);
    }
    return { points, markers };
  }, [steps]);
}

/** Performance marks the replay benchmark reads: the first step shown, and each step's render. */
function useStepMarks(step: number, ready: boolean) {
  const first = useRef(true);
  useLayoutEffect(() => {
    if (!ready) return;
    if (first.current) {
      first.current = false;
      performance.mark('replay:first-step');
      return;
    }
    if (performance.getEntriesByName(`replay:goto:${step}`, 'mark').length > 0) {
      performance.measure('replay:step', `replay:goto:${step}`);
      performance.clearMarks(`replay:goto:${step}`);
    }
  }, [step, ready]);
}

/**
 * Step, play/pause, speed and jumps; unless `followUrl` is false (a replay inside another page), the URL
 * follows (debounced) so any step can be linked.
 */
export function useReplayController({
  initialStep,
  total,
  view,
  facts,
  ready,
  followUrl = true,
}: {
  initialStep: number;
  total: number;
  view: ReplayView;
  facts: ReplayFacts;
  ready: boolean;
  followUrl?: boolean;
}) {
  const [step, setStep] = useState(initialStep);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(1);
  const last = Math.max(0, total - 1);
  const goto = useCallback(
    (target: number) => {
      const next = Math.min(Math.max(0, Math.round(target)), last);
      performance.mark(`replay:goto:${next}`);
      setStep(next);
    },
    [last],
  );
  useEffect(() => {
    if (total > 0 && step > last) setStep(last);
  }, [total, step, last]);
  useEffect(() => {
    if (!playing) return;
    if (step >= last) return setPlaying(false);
    const timer = setTimeout(() => goto(step + 1), BASE_MS / speed);
    return () => clearTimeout(timer);
  }, [playing, step, speed, last, goto]);
  useEffect(() => {
    if (!followUrl) return;
    const timer = setTimeout(() => {
      const url = new URL(window.location.href);
      url.searchParams.set('step', String(step));
      url.searchParams.set('view', viewParam(view));
      window.history.replaceState(window.history.state, '', url);
    }, URL_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [step, view, followUrl]);
  useStepMarks(step, ready);
  const rounds = useMemo(() => facts.markers.filter((m) => m.kind === 'round'), [facts.markers]);
  const jump = (found: number | null) => found !== null && goto(found);
  return {
    step,
    playing,
    speed,
    goto,
    actions: {
      step: (delta: number) => goto(step + delta),
      round: (d: 1 | -1) =>
        jump(
          nextWhere(rounds, step, { stepOf: (m) => m.step, test: () => true, backwards: d === -1 }) ??
            (d === 1 ? last : 0),
        ),
      edge: (where: 'start' | 'end') => goto(where === 'start' ? 0 : last),
      togglePlay: () => setPlaying((p) => !p && step < last),
      speed: (d: 1 | -1) =>
        setSpeed(
          (s) =>
            SPEEDS[
              Math.min(SPEEDS.length - 1, Math.max(0, SPEEDS.indexOf(s as (typeof SPEEDS)[number]) + d))
            ] ?? 1,
        ),
      wrongCall: (d: 1 | -1) =>
        jump(
          nextWhere(facts.markers, step, {
            stepOf: (m) => m.step,
            test: (m) => m.kind === 'wrongCall',
            backwards: d === -1,
          }),
        ),
      bluff: (d: 1 | -1) =>
        jump(
          nextWhere(facts.points, step, { stepOf: (p) => p.step, test: (p) => p.bluff, backwards: d === -1 }),
        ),
    },
    setSpeed,
  };
}
