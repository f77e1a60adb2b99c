'use client';

import { type RefObject, useEffect, useRef } from 'react';

export interface ReplayKeyActions {
  readonly step: (delta: number) => void;
  readonly round: (direction: 1 | -1) => void;
  readonly edge: (where: 'start' | 'end') => void;
  readonly togglePlay: () => void;
  readonly speed: (direction: 1 | -1) => void;
  readonly wrongCall: (direction: 1 | -1) => void;
  readonly bluff: (direction: 1 | -1) => void;
  readonly help: (open?: boolean) => void;
}

/** Where typing must not drive the replay: text fields and drop-downs keep their own keys. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  )
    return true;
  return (
    target instanceof HTMLInputElement &&
    target.type !== 'range' &&
    target.type !== 'radio' &&
    target.type !== 'checkbox'
  );
}

/** Space on a focused button or disclosure activates it; elsewhere it plays or pauses. */
function activates(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLButtonElement || (target instanceof HTMLElement && target.tagName === 'SUMMARY')
  );
}

const direction = (shift: boolean): 1 | -1 => (shift ? -1 : 1);

function handler(actions: ReplayKeyActions, event: KeyboardEvent): boolean {
  const { key, shiftKey } = event;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowLeft': {
      const sign = key === 'ArrowRight' ? 1 : -1;
      if (shiftKey) actions.round(sign);
      else actions.step(sign);
      return true;
    }
    case 'Home':
    case 'End':
      actions.edge(key === 'Home' ? 'start' : 'end');
      return true;
    case ' ':
      if (activates(event.target)) return false;
      actions.togglePlay();
      return true;
    case '+':
    case '-':
      actions.speed(key === '+' ? 1 : -1);
      return true;
    case 'w':
    case 'W':
      actions.wrongCall(direction(shiftKey));
      return true;
    case 'b':
    case 'B':
      actions.bluff(direction(shiftKey));
      return true;
    case '?':
      actions.help();
      return true;
    case 'Escape':
      actions.help(false);
      return false;
    default:
      return false;
  }
}

/**
 * The replay's keys (lichess-style): ←/→, Shift+←/→ by round, Home/End, Space, +/−, w/b jumps, `?`. On the
 * whole page by default; within `scope` only when given (a replay inside another page, whose radios and
 * fields keep their own arrow keys).
 */
export function useReplayKeys(actions: ReplayKeyActions, scope?: RefObject<HTMLElement | null>): void {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) return;
      if (handler(latest.current, event)) event.preventDefault();
    };
    const target: HTMLElement | Window | null = scope ? scope.current : window;
    target?.addEventListener('keydown', onKey as EventListener);
    return () => target?.removeEventListener('keydown', onKey as EventListener);
  }, [scope]);
}
