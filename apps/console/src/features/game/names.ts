/** Message keys (namespace `game`) for the API's family and status words. */
export function familyKey(ruleset: string): 'classic' | 'perudo' | 'revolver' {
  const family = ruleset.toLowerCase();
  return family === 'perudo' || family === 'revolver' ? family : 'classic';
}

export type FaceWord = 'face1' | 'face2' | 'face3' | 'face4' | 'face5' | 'face6';

export function faceKey(face: number): FaceWord {
  return `face${Math.min(6, Math.max(1, Math.round(face)))}` as FaceWord;
}

/** Dice faces as characters (⚀…⚅), for compact display next to the number. */
export const PIPS = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'] as const;

export function pip(face: number): string {
  return PIPS[face - 1] ?? '?';
}
